/**
 * The conditional-request and content-coding rules every server of Utsav answers by: the API (its catalog
 * answers and photos) and the static and host server (serve.cjs). One reading of each header, so a client
 * revalidating against either gets the same answer.
 */

/**
 * Whether an If-None-Match header (a list of tags, weak ones too, or *) names this ETag: the weak comparison
 * HTTP asks for on a conditional GET (RFC 9110 §13.1.2). A list (`W/"old", "current"`) matches any of its tags.
 * @param {string | undefined} ifNoneMatch
 * @param {string} etag
 */
function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const strong = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === strong;
  });
}

/**
 * The first of `offered` (the server's order of preference, e.g. ['br', 'gzip']) that an Accept-Encoding header
 * takes, by name or `*`, with a quality above 0 (`gzip;q=0` refuses it); null for the bytes as they are.
 * @param {string | undefined} acceptEncoding
 * @param {readonly string[]} offered
 * @returns {string | null}
 */
function acceptedEncoding(acceptEncoding, offered) {
  if (!acceptEncoding) return null;
  /** @type {Map<string, number>} */
  const quality = new Map();
  for (const entry of acceptEncoding.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(value) ? value : 0);
  }
  for (const coding of offered) {
    const q = quality.get(coding) ?? quality.get('*');
    if (q !== undefined && q > 0) return coding;
  }
  return null;
}

/**
 * The ETag of one encoding of a representation: another encoding is another representation (RFC 9110 §8.8.3),
 * so each gets its own strong tag, made from the identity bytes' tag.
 * @param {string} etag the identity bytes' tag, quoted
 * @param {string | null} encoding
 */
function encodedEtag(etag, encoding) {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

module.exports = { acceptedEncoding, encodedEtag, matchesEtag };
