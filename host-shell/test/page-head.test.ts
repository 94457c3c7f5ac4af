import { pageHeadTags, pageOrigin } from '../src/server/page-head';
import { readTemplate } from '../src/server/template';

// the shape of the host's built index.html (tooling/src/index.html, minified)
const HTML =
  '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"/><meta name="description" content="Utsav: find and book wedding and personal services near you."/>' +
  '<title>Utsav</title><script defer src="/main.js"></script></head><body><div id="root"><div id="boot">Utsav</div></div><!--/root--></body></html>';

const HOSTILE = `Asha & Rohan "><script>alert(1)</script><meta property="og:title" content='x'>`;

/** The head as the server sends it, with a page's own tags, read back as a browser (or a preview's crawler) reads it. */
function sentHead(own: string | undefined, links = '<link rel="preload" as="script" href="/layout.js">') {
  const head = readTemplate(HTML).headWith(links, own);
  return { html: head, doc: new DOMParser().parseFromString(`${head}</div></body></html>`, 'text/html') };
}

const content = (doc: Document, selector: string) => [...doc.head.querySelectorAll(selector)].map((tag) => tag.getAttribute('content'));

describe("a page's own head (a shared link's preview)", () => {
  const head = {
    title: HOSTILE,
    description: `12 Feb – 14 Feb 2027 · Jaipur's "best" · 3 events </title><script>alert(2)</script>`,
    image: '/icons/icon-512.png',
    noindex: true,
  };

  it('replaces the app\'s title and description with the page\'s, and carries the Open Graph and Twitter tags, every value escaped', () => {
    const { html, doc } = sentHead(pageHeadTags(head, { url: '/shared/plan/abc?x=1&y="2"', origin: 'https://utsav.example' }));
    // one title, the page's, as written (nothing broke out of it)
    expect([...doc.querySelectorAll('title')].map((title) => title.textContent)).toEqual([HOSTILE]);
    expect(content(doc, 'meta[name=description]')).toEqual([head.description]);
    expect(content(doc, 'meta[name=robots]')).toEqual(['noindex, nofollow']);
    expect(content(doc, 'meta[property="og:title"]')).toEqual([HOSTILE]);
    expect(content(doc, 'meta[property="og:description"]')).toEqual([head.description]);
    expect(content(doc, 'meta[property="og:type"]')).toEqual(['website']);
    expect(content(doc, 'meta[property="og:url"]')).toEqual(['https://utsav.example/shared/plan/abc?x=1&y=%222%22']);
    expect(content(doc, 'meta[property="og:image"]')).toEqual(['https://utsav.example/icons/icon-512.png']);
    expect(content(doc, 'meta[name="twitter:card"]')).toEqual(['summary']);
    expect(content(doc, 'meta[name="twitter:title"]')).toEqual([HOSTILE]);
    // the only script is the app's own; nothing of the text became markup
    expect([...doc.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual(['/main.js']);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('Utsav: find and book');
    // the head is still one head, before the root, with the page's preloads
    expect(doc.head.querySelector('link[rel=preload]')?.getAttribute('href')).toBe('/layout.js');
    expect(doc.body.firstElementChild?.id).toBe('root');
  });

  it('without an origin, og:url is left out and the image stays a path; a head without description or picture says only its title', () => {
    const { doc } = sentHead(pageHeadTags({ title: 'This link no longer works', noindex: true }, { url: '/shared/plan/nope' }));
    expect(doc.title).toBe('This link no longer works');
    expect(content(doc, 'meta[property="og:url"]')).toEqual([]);
    expect(content(doc, 'meta[name=description]')).toEqual([]);
    expect(content(doc, 'meta[property="og:image"]')).toEqual([]);
    expect(content(doc, 'meta[name=robots]')).toEqual(['noindex, nofollow']);
    const { doc: withPath } = sentHead(pageHeadTags({ title: 't', image: '/icons/icon-512.png' }, { url: '/x' }));
    expect(content(withPath, 'meta[property="og:image"]')).toEqual(['/icons/icon-512.png']);
  });

  it("a page without a head of its own keeps the app's title and description", () => {
    const { doc } = sentHead(undefined);
    expect(doc.title).toBe('Utsav');
    expect(content(doc, 'meta[name=description]')).toEqual(['Utsav: find and book wedding and personal services near you.']);
    expect(content(doc, 'meta[property="og:title"]')).toEqual([]);
    // with neither links nor a head of its own: the head as it is
    expect(readTemplate(HTML).headWith('', undefined)).toBe(readTemplate(HTML).head);
  });

  it("the origin is the request's only when it is one a page can have", () => {
    expect(pageOrigin('https://utsav.example')).toBe('https://utsav.example');
    expect(pageOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(pageOrigin('javascript://alert(1)')).toBeUndefined();
    expect(pageOrigin('http://"><script>')).toBeUndefined();
    expect(pageOrigin(undefined)).toBeUndefined();
  });
});
