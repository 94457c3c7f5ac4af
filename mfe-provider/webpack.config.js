const { createRemoteConfigs } = require('@utsav/tooling');
const federation = require('./federation.config.json');

module.exports = createRemoteConfigs({ dir: __dirname, ...federation });
