/**
 * What the host's build tells its render server to name in a page's head (issue 33: the signed-in
 * frame's scripts, requested by script one round trip after the host's start otherwise). Written by
 * host-chunks.cjs's plugin, read by serve.cjs; no build tool here (the server loads this file).
 */
const PRELOADS_FILE = 'preloads.json';

/** The signed-in frame's script paths in the host's built files (`files`: serve.cjs's loadFiles), or none. */
function layoutScriptsIn(files) {
  const file = files.get(`/${PRELOADS_FILE}`);
  if (!file) return [];
  const { layout } = JSON.parse(file.body.toString('utf8'));
  return Array.isArray(layout) ? layout.filter((script) => typeof script === 'string' && script.startsWith('/')) : [];
}

module.exports = { PRELOADS_FILE, layoutScriptsIn };
