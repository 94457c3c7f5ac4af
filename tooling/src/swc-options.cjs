/** One swc setting for webpack and jest: TypeScript + JSX with React's automatic runtime. */
module.exports = function swcOptions({ module = undefined, development = false } = {}) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development } },
      target: 'es2020',
    },
    ...(module ? { module: { type: module } } : {}),
    sourceMaps: true,
  };
};
