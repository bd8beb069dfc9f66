import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

import { setLanguage } from '../i18n/i18n';
import { api } from './api-client';

/** Answers with the headers the request left with, instead of sending it. */
const echo: AxiosAdapter = async (config: InternalAxiosRequestConfig) => ({
  data: config.headers,
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

const sentLanguage = async (client: keyof typeof api) =>
  (
    (await api[client].get('/api/x', { adapter: echo }))
      .data as InternalAxiosRequestConfig['headers']
  ).get('Accept-Language');

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
