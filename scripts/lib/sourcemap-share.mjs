/**
 * How many bytes of a minified file come from each group of sources, read from its source map
 * (each mapping segment owns the bytes up to the next one). Used to measure what a page loads by
 * library: the federation runtime, react-dom, MUI… and the rest.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...B64].map((c, i) => [c, i]));

function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Bytes of `code` by the group `classify(source)` names for the source each byte maps to (a falsy name:
 * counted in no group). Bytes no segment maps to a source (webpack's own glue) are in no group either.
 * `total` is every byte of the file.
 */
export function bytesByGroup(code, map, classify) {
  const lines = code.split('\n');
  const groups = {};
  const groupOf = new Map();
  let source = 0;
  map.mappings.split(';').forEach((mappingLine, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    const segments = mappingLine ? mappingLine.split(',').map(decodeSegment) : [];
    let column = 0;
    const starts = segments.map((segment) => (column += segment[0]));
    segments.forEach((segment, i) => {
      if (segment.length <= 1) return;
      source += segment[1];
      if (!groupOf.has(source)) groupOf.set(source, classify(map.sources[source] ?? ''));
      const group = groupOf.get(source);
      const end = i + 1 < starts.length ? starts[i + 1] : line.length;
      if (group) groups[group] = (groups[group] ?? 0) + Math.max(0, end - starts[i]);
    });
  });
  return { groups, total: code.length };
}

/**
 * The libraries whose share of first-load JavaScript the bench reports, each with the packages it
 * counts (a package name, or a scope ending in '/'); in this order in the report.
 */
export const LIBRARIES = [
  { name: 'react-dom', packages: ['react-dom', 'scheduler'] },
  { name: 'react', packages: ['react'] },
  { name: '@mui/*', packages: ['@mui/'] },
  { name: '@emotion/*', packages: ['@emotion/', 'stylis'] },
  { name: 'react-router', packages: ['react-router', 'react-router-dom'] },
  { name: 'jotai', packages: ['jotai'] },
  { name: 'firebase', packages: ['firebase', '@firebase/', 'idb'] },
  { name: '@lingui', packages: ['@lingui/'] },
  { name: 'zod', packages: ['zod'] },
  { name: '@utsav/contracts', packages: ['@utsav/contracts'] },
  { name: 'federation runtime', packages: ['@module-federation/'] },
];
export const OTHER_PACKAGES = 'other packages';
/** What no library claims: the apps' own code, webpack's glue, and bytes no source map segment names. */
export const APP_CODE = 'app code (the rest)';

/** webpack's own modules of module federation: sharing, consuming shared modules, remotes, the container entry. */
const FEDERATION_GLUE = /\/webpack\/(container-entry|runtime\/(sharing|consumes|remotes loading|embed\/federation|federation runtime|initialize sharing))$/;

/** The package a source path is in: the part after its last node_modules/ ('@scope/name' or 'name'), or null. */
export function packageOf(source) {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The LIBRARIES name of a source of a source map (webpack's paths: …/node_modules/.pnpm/…/node_modules/react-dom/…),
 * OTHER_PACKAGES for another package, null for the apps' own code. The contracts are a workspace package,
 * which webpack names by its folder (shared-contracts/); the federation runtime is its packages and webpack's
 * federation glue (webpack/runtime/sharing, consumes, …).
 */
export function libraryOf(source) {
  if (/(^|\/)shared-contracts\//.test(source) && packageOf(source) === null) return '@utsav/contracts';
  if (source.includes('@module-federation/') || FEDERATION_GLUE.test(source)) return 'federation runtime';
  const pkg = packageOf(source);
  if (!pkg) return null;
  const library = LIBRARIES.find(({ packages }) => packages.some((name) => (name.endsWith('/') ? pkg.startsWith(name) : pkg === name)));
  return library ? library.name : OTHER_PACKAGES;
}
