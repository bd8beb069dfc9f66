const { createConfig } = require('@lending/build');

module.exports = (_env, argv) =>
  createConfig({
    dir: __dirname,
    kind: 'remote',
    port: 3103,
    argv,
    standaloneRoute: '/repayment-schedule',
  });
