const { jestConfig } = require('@utsav/tooling');

module.exports = jestConfig({ dir: __dirname });
