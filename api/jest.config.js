// The package is an ES module, so this config is one too; the shared preset is CommonJS.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { jestConfig } = require('../jest.preset.js');

export default jestConfig(path.dirname(fileURLToPath(import.meta.url)), {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
});
