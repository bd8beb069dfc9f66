// The certificate authority: the sandbox passes the port's contract; Trustgate MTSA, whose
// interface is not public, stops the start and names what is missing.
import { randomBytes } from 'node:crypto';

import { createSealer } from '../../crypto/sealed';
import { fixedClock } from '../../kernel/clock';
import { readConfig } from '../../kernel/config';
import { certificateAuthorityContract } from '../../testing/contracts/certificate-authority';
import { openTestDatabase } from '../../testing/test-db';
import { createAdapters } from '..';
import { mtsaCertificateAuthority, MtsaNotIntegrated } from './mtsa';
import { sandboxCertificateAuthority } from './sandbox';
import { createCertificateAuthorityStore } from './store';

certificateAuthorityContract('the sandbox authority', async () => {
  const database = await openTestDatabase('pglite');
  return {
    authority: sandboxCertificateAuthority({
      db: database.db.orm,
      store: createCertificateAuthorityStore(),
      sealer: createSealer(randomBytes(32)),
      clock: fixedClock(new Date()),
    }),
    close: () => database.close(),
  };
});

describe('Trustgate MTSA', () => {
  it('refuses to be built, naming the settings and what Trustgate must give', () => {
    expect(() =>
      mtsaCertificateAuthority({ wsdlUrl: undefined, username: 'lender', password: undefined }),
    ).toThrow(MtsaNotIntegrated);
    try {
      mtsaCertificateAuthority({ wsdlUrl: undefined, username: 'lender', password: undefined });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Settings not given: MTSA_WSDL_URL, MTSA_PASSWORD');
      expect(message).toContain('the MTSA WSDL from Trustgate');
      expect(message).toContain('CERTIFICATE_AUTHORITY_PROVIDER=sandbox');
    }
    expect(() =>
      mtsaCertificateAuthority({
        wsdlUrl: 'https://mtsa.example/wsdl',
        username: 'u',
        password: 'p',
      }),
    ).toThrow('the SOAP calls are what is missing');
  });

  it('stops the API at start when configured, before anything is served', async () => {
    const providers = readConfig({
      CERTIFICATE_AUTHORITY_PROVIDER: 'mtsa',
      MTSA_WSDL_URL: 'https://mtsa.example/wsdl',
    }).providers;
    const database = await openTestDatabase('pglite');
    try {
      expect(() =>
        createAdapters(
          {
            email: { provider: 'sandbox' },
            captcha: { provider: 'sandbox' },
            filesDir: '/nonexistent',
            publicUrl: () => 'https://lend.example.com',
            providers,
          },
          {
            db: database.db.orm,
            clock: fixedClock(),
            sealer: createSealer(randomBytes(32)),
            log: { warn: () => undefined, info: () => undefined },
          },
        ),
      ).toThrow(MtsaNotIntegrated);
    } finally {
      await database.close();
    }
  });
});
