const { jestConfig } = require('../jest.preset');

module.exports = jestConfig(__dirname, { testEnvironment: 'jsdom' });
