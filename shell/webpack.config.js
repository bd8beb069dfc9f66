const { createConfig } = require('@lending/build');

module.exports = (_env, argv) => createConfig({ dir: __dirname, kind: 'shell', port: 3000, argv });
