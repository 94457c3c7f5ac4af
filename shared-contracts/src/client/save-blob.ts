/** How long a saved file's object URL is kept: the browser has started the download by then. */
const KEEP_OBJECT_URL_MS = 10_000;

/**
 * Saves `blob` as a file named `fileName`, as a link with `download` does: for files fetched with the user's
 * credential (an invoice, a CSV), which a plain link could not fetch.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_OBJECT_URL_MS);
}
