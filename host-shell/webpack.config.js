const { createAppConfig } = require('@utsav/tooling');

module.exports = createAppConfig({ dir: __dirname, name: 'host', port: 3000 });
