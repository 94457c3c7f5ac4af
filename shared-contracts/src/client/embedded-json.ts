/**
 * Data a server-rendered page carries for its scripts (the session, the answers its page was rendered
 * with), in a `<script type="application/json">` element. Text a user typed (a booking note, a name)
 * ends up inside it, so what is written there must not be able to end the element or open a comment:
 * every `<` is written as `\u003c` (so `</script>` and `<!--` cannot appear), and the line and paragraph
 * separators as escapes. JSON.parse reads all of them back as they were.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** What `embedJson` wrote into the element with this id; undefined when the page has none (or it is unreadable). */
export function readEmbeddedJson<T>(id: string, root: Pick<Document, 'getElementById'> = document): T | undefined {
  const text = root.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
