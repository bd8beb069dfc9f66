const path = require('node:path');

const { shippedCompanySetting } = require('@lending/build');

const { jestConfig } = require('../jest.preset');

const base = jestConfig(__dirname, { testEnvironment: 'jsdom' });

module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The build picks the tenant; tests render the default one.
    '^@brand$': path.join(__dirname, '../brands/src/arkcash/index.ts'),
  },
  // What the build defines for that tenant.
  globals: { __CONTACT_NUMBER__: shippedCompanySetting('arkcash', 'contactNumber') },
};
