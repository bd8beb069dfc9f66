import path from 'node:path';
import { readConfig, repoRoot } from './config';

describe('the API configuration', () => {
  it('runs on embedded PGlite under the repository by default', () => {
    expect(readConfig({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, '.data/pglite'),
      logLevel: 'info',
      contactRateLimit: 20,
      corsOrigins: [],
      trustProxy: 'loopback',
    });
  });

  it('reads the port, database, data folder and limits from the environment', () => {
    const config = readConfig({
      API_PORT: '3999',
      API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATA_DIR: '/var/lib/lending',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '3',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      port: 3999,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/var/lib/lending',
      logLevel: 'warn',
      contactRateLimit: 3,
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('refuses a port that is not a whole number', () => {
    expect(() => readConfig({ API_PORT: 'eighty' })).toThrow('API_PORT must be a whole number');
  });
});
