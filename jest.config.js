// Every package's unit, component and API tests in one run.
module.exports = {
  projects: [
    '<rootDir>/shared/*/jest.config.{js,cjs}',
    '<rootDir>/brands/jest.config.js',
    '<rootDir>/shell/jest.config.js',
    '<rootDir>/mf-*/jest.config.js',
    '<rootDir>/api/jest.config.js',
    '<rootDir>/infra/jest.config.cjs',
  ],
};
