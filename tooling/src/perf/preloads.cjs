/**
 * What the host's build tells its render server to name in a page's head (issue 33: the signed-in
 * frame's scripts and the host's copies of the shared modules a remote's page uses, each requested by
 * script one round trip after what came before otherwise). Written by
 * host-chunks.cjs's plugin, read by serve.cjs; no build tool here (the server loads this file).
 */
const PRELOADS_FILE = 'preloads.json';

const paths = (list) => (Array.isArray(list) ? list.filter((script) => typeof script === 'string' && script.startsWith('/')) : []);

/**
 * From the host's built files (`files`: serve.cjs's loadFiles): the signed-in frame's script paths, and
 * for each module of the host's share table the script paths a remote's page fetches from the host for it.
 */
function preloadsIn(files) {
  const file = files.get(`/${PRELOADS_FILE}`);
  if (!file) return { layoutScripts: [], providedScripts: {} };
  const { layout, provided } = JSON.parse(file.body.toString('utf8'));
  const providedScripts = Object.fromEntries(Object.entries(provided && typeof provided === 'object' ? provided : {}).map(([key, list]) => [key, paths(list)]));
  return { layoutScripts: paths(layout), providedScripts };
}

module.exports = { PRELOADS_FILE, preloadsIn };
