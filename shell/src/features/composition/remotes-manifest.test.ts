import { DEFAULT_LOAD_TIMEOUT_MS, parseRemotesManifest } from './remotes-manifest';

describe('remotes.json', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads where each remote lives and the load timeout', () => {
    const manifest = parseRemotesManifest({
      loadTimeoutMs: 2500,
      remotes: [{ name: 'mf-admin', manifestUrl: '/releases/mf-admin/7/mf-manifest.json' }],
    });
    expect(manifest).toEqual({
      loadTimeoutMs: 2500,
      remotes: [{ name: 'mf-admin', manifestUrl: '/releases/mf-admin/7/mf-manifest.json' }],
    });
  });

  it('falls back to the default timeout when none or a bad one is given', () => {
    expect(parseRemotesManifest({ remotes: [] }).loadTimeoutMs).toBe(DEFAULT_LOAD_TIMEOUT_MS);
    expect(parseRemotesManifest({ remotes: [], loadTimeoutMs: -1 }).loadTimeoutMs).toBe(
      DEFAULT_LOAD_TIMEOUT_MS,
    );
  });

  it('ignores entries that name no known remote or no location', () => {
    const manifest = parseRemotesManifest({
      remotes: [
        { name: 'mf-unknown', manifestUrl: '/x.json' },
        { name: 'mf-admin', manifestUrl: '' },
        { name: 'mf-repayment', manifestUrl: '/remotes/mf-repayment/mf-manifest.json' },
      ],
    });
    expect(manifest.remotes.map((remote) => remote.name)).toEqual(['mf-repayment']);
  });

  it.each([null, 'text', {}, { remotes: 'x' }])('refuses %p', (input) => {
    expect(() => parseRemotesManifest(input)).toThrow('remotes');
  });

  it.each(['production', 'development'])(
    'the %s manifest names all five remotes',
    (environment) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const file = require(`../../../../infra/remotes/${environment}.json`);
      const names = parseRemotesManifest(file).remotes.map((remote) => remote.name);
      expect(names.sort()).toEqual(
        ['mf-admin', 'mf-guarantor', 'mf-loan-status', 'mf-onboarding', 'mf-repayment'].sort(),
      );
    },
  );
});
