const path = require('node:path');
const { STATEFUL_CONTRACTS } = require('./shared-modules.cjs');

const CONTRACTS_DIR = path.join(__dirname, '../../shared-contracts');

/**
 * The modules of `compilation` that hold state (STATEFUL_CONTRACTS, shared-modules.cjs) found outside their shared
 * module: one line per chunk group that loads one of them other than as that shared module (a page's chunks, a
 * remote's expose, an app's own code). Each would be a second copy on the page: its own registry or atom, in English
 * while the page is in Hindi. A shared module's copy is the chunk group of its share-table entry (provide) or of a
 * consumer's fallback (consume-shared), whichever the federation runtime picks once per page.
 */
function statefulModulesOutsideShared(compilation) {
  const keyOf = new Map(Object.entries(STATEFUL_CONTRACTS).map(([file, key]) => [path.join(CONTRACTS_DIR, file), key]));
  const problems = [];
  for (const module of compilation.modules) {
    // a module concatenated with others (scope hoisting) is in the chunks as their concatenation
    const resource = [module, ...(module.modules ?? [])].map((inner) => inner.resource).find((file) => keyOf.has(file));
    if (!resource) continue;
    const key = keyOf.get(resource);
    for (const chunk of compilation.chunkGraph.getModuleChunksIterable(module)) {
      for (const group of chunk.groupsIterable) {
        const asShared = group.origins.length > 0 && group.origins.every(({ module: origin }) => sharesUnder(origin, key));
        if (asShared) continue;
        const by = group.origins.map(({ module: origin, request }) => request ?? origin?.readableIdentifier(compilation.requestShortener) ?? 'an entry');
        problems.push(`${path.relative(CONTRACTS_DIR, resource)} (shared as ${key}) is bundled outside it, in chunk ${chunk.name ?? chunk.id}, loaded by ${[...new Set(by)].join(', ') || group.name}`);
      }
    }
  }
  return problems;
}

/** Whether `module` is the share-table entry or a consumer of the shared module `key`. */
function sharesUnder(module, key) {
  if (module?.type === 'provide-module') return module._name === key;
  if (module?.type === 'consume-shared-module') return module.options?.shareKey === key;
  return false;
}

/**
 * Fails the build when a module of the contracts that holds state is bundled outside its shared module (issue 35:
 * no Symbol.for global patches over a second copy; the contracts import such a module by its shared name instead).
 */
class SharedStatePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedStatePlugin', (compilation) => {
      compilation.hooks.afterSeal.tap('SharedStatePlugin', () => {
        for (const problem of statefulModulesOutsideShared(compilation)) {
          compilation.errors.push(new compiler.webpack.WebpackError(`${problem}: import it by its shared name (tooling/src/shared-modules.cjs, STATEFUL_CONTRACTS)`));
        }
      });
    });
  }
}

module.exports = { SharedStatePlugin, statefulModulesOutsideShared };
