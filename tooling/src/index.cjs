module.exports = {
  ...require('./webpack-config.cjs'),
  ...require('./jest-config.cjs'),
  ...require('./runtime-config.cjs'),
  ...require('./shared-modules.cjs'),
  ...require('./request-guard.cjs'),
};
