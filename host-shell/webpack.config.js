const { createHostConfigs } = require('@utsav/tooling');

module.exports = createHostConfigs({ dir: __dirname, name: 'host', port: 3000 });
