const path = require('node:path');

const { jestConfig } = require('../jest.preset');

const base = jestConfig(__dirname, { testEnvironment: 'jsdom' });

module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The build picks the tenant; tests render the default one.
    '^@brand$': path.join(__dirname, '../brands/src/arkcash/index.ts'),
  },
};
