/**
 * Whether an If-None-Match header (a list of tags, weak ones too, or *) names this ETag — the weak
 * comparison HTTP asks for on a conditional GET (RFC 9110 §13.1.2). The one check for every 304 the API
 * sends (the catalog's answers, uploaded photos). @fastify/etag compares the header whole, so a list
 * (`W/"old", "current"`) would miss.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
