/** What the page says when the app cannot start at all (no settings, no code): plain DOM, no React. */
export function showStartFailure(error: unknown): void {
  console.error('Utsav failed to start', error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<p role="alert" style="padding:24px;font:16px system-ui">Utsav could not start. Check your connection and reload the page.</p>';
  }
}
