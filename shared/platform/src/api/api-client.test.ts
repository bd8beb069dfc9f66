import { setLanguage } from '../i18n/i18n';
import { api } from './api-client';
import { headerOf, type RequestConfig } from './http-client';

/** Answers with the headers the request left with, instead of sending it. */
const echo = async (config: RequestConfig) => ({
  data: config.headers,
  status: 200,
  headers: {},
  config,
});

const sentLanguage = async (client: keyof typeof api) =>
  headerOf(
    (await api[client].get<Record<string, string>>('/api/x', { adapter: echo })).data,
    'Accept-Language',
  );

describe('the API client', () => {
  afterEach(() => setLanguage('EN'));

  it('asks every service for answers in the reader’s current language', async () => {
    setLanguage('EN');
    expect(await sentLanguage('core')).toBe('en');
    expect(await sentLanguage('admin')).toBe('en');
    setLanguage('MS');
    expect(await sentLanguage('core')).toBe('ms');
    expect(await sentLanguage('auth')).toBe('ms');
    expect(await sentLanguage('admin')).toBe('ms');
    setLanguage('EN');
    expect(await sentLanguage('collection')).toBe('en');
  });
});
