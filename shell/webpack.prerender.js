const { createPrerenderConfig } = require('@lending/build');

module.exports = () => createPrerenderConfig({ dir: __dirname });
