const { jestConfig, pageShares } = require('../jest.preset');

const base = jestConfig(__dirname, { testEnvironment: 'jsdom' });

module.exports = {
  ...base,
  moduleNameMapper: { ...base.moduleNameMapper, ...pageShares(__dirname) },
};
