import type { PageHead } from '@utsav/contracts';

/** Text inside an element: nothing in it can open or close a tag. */
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A double-quoted attribute's value: nothing in it can end the attribute or the tag. */
const attribute = (value: string) => text(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A URL as absolute as it can be made: against the page's origin when it is a path (none known: as it is). */
function absolute(url: string, origin: string | undefined): string {
  if (!origin) return url;
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The page's origin when `value` is one a page can have (http or https), else undefined. */
export function pageOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${attribute(content)}">`;

/**
 * The tags of a page's own head (PageHead, @utsav/contracts): its <title> and description, robots when it keeps
 * search engines out, and the link preview's Open Graph and Twitter card tags, every value escaped (a plan's title
 * is people's text). `url` is the page's path and query; `origin` makes it and the image absolute, as a preview
 * needs them (og:url is left out without one).
 */
export function pageHeadTags(head: PageHead, { url, origin }: { url: string; origin?: string }): string {
  const tags = [`<title>${text(head.title)}</title>`];
  if (head.description) tags.push(meta('name', 'description', head.description));
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex, nofollow'));
  tags.push(meta('property', 'og:type', 'website'), meta('property', 'og:site_name', 'Utsav'), meta('property', 'og:title', head.title));
  if (head.description) tags.push(meta('property', 'og:description', head.description));
  if (origin) tags.push(meta('property', 'og:url', absolute(url, origin)));
  if (head.image) tags.push(meta('property', 'og:image', absolute(head.image, origin)));
  tags.push(meta('name', 'twitter:card', 'summary'), meta('name', 'twitter:title', head.title));
  if (head.description) tags.push(meta('name', 'twitter:description', head.description));
  if (head.image) tags.push(meta('name', 'twitter:image', absolute(head.image, origin)));
  return tags.join('');
}
