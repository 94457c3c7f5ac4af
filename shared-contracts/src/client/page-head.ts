import type { Locale } from '../domain/language';
import type { PageAddress } from './api-cache';

/**
 * What a page says of itself in the document's head, for the pages shared as links (a route with `ownHead`, routes.ts):
 * a link preview's crawler (WhatsApp's, say) reads only the head of the HTML, without JavaScript. The host's server
 * writes it (escaped: every value may be people's text) as the <title>, the description and the Open Graph and
 * Twitter card tags, and answers with its status.
 */
export interface PageHead {
  /** the document's title and og:title */
  title: string;
  /** the description and og:description */
  description?: string;
  /** the preview's picture: a path of the app's origin ('/icons/icon-512.png') or an absolute URL */
  image?: string;
  /** keep search engines out (`<meta name="robots" content="noindex">`): a private link's page */
  noindex?: boolean;
  /** the HTTP status the page is answered with (404: the page is about nothing); 200 when absent */
  status?: number;
}

/** What a page's `head` is told: its address, and the language the page is drawn in. */
export interface PageHeadAddress extends PageAddress {
  locale: Locale;
}

/**
 * A page module's optional export beside `preload`, asked by the host's server once the preload's answers are in
 * (read them with `currentCache().state(key)`): the page's head, or null for the app's own.
 */
export type PageHeadOf = (address: PageHeadAddress) => PageHead | null;
