// Control characters other than tab and newline: Postgres text cannot hold NUL, and none of them
// belongs in a note or a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Free text typed by a person (a note, a name), as stored: line breaks made \n, control characters
 * dropped, trimmed. It stays plain text: nothing is escaped or interpreted here or anywhere else — it is
 * only ever sent back as a JSON string, and pages must render it as text.
 */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim();
}
