const { createAppConfig } = require('@utsav/tooling');
const federation = require('./federation.config.json');

module.exports = createAppConfig({ dir: __dirname, ...federation });
