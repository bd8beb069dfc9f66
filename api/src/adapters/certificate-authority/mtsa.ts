// Trustgate MTSA (MyTrustSigner Agent), the licensed certificate authority a lender signs through
// in production. Its interface is a SOAP service described by a WSDL that Trustgate gives each
// customer under contract; it is not public, so the calls cannot be written from a published
// document. Until they are, choosing this provider stops the API at start and says what is
// missing, rather than signing agreements with a stand-in. What the integration must provide,
// operation by operation, is the port's contract (port.ts, and the suite in
// testing/contracts/certificate-authority.ts that the sandbox passes): docs/providers.md.
import type { MtsaSettings } from '../../kernel/config-providers';
import type { CertificateAuthority } from './port';

/** What the MTSA integration needs from Trustgate before it can be written and run. */
export const MTSA_NEEDS = [
  'the MTSA WSDL from Trustgate, with its operations for enrolling a signer (certificate request after eKYC), reading a signer’s certificate and signing a document hash as that signer',
  'Trustgate’s root and intermediate CA certificates, to embed the chain and to verify against',
  'how MTSA wants the signer’s consent proved at each signature (its OTP or the platform’s signing code)',
] as const;

export class MtsaNotIntegrated extends Error {
  constructor(missingSettings: readonly string[]) {
    super(
      [
        'CERTIFICATE_AUTHORITY_PROVIDER is mtsa, but Trustgate MTSA is not integrated yet.',
        `Needed from Trustgate: ${MTSA_NEEDS.join('; ')}.`,
        missingSettings.length
          ? `Settings not given: ${missingSettings.join(', ')}.`
          : 'The settings are given; the SOAP calls are what is missing.',
        'Until then run CERTIFICATE_AUTHORITY_PROVIDER=sandbox (production: ALLOW_SANDBOX=certificate-authority). See docs/providers.md.',
      ].join(' '),
    );
    this.name = 'MtsaNotIntegrated';
  }
}

export function mtsaCertificateAuthority(
  settings: Omit<MtsaSettings, 'provider'>,
): CertificateAuthority {
  const missing = [
    ['MTSA_WSDL_URL', settings.wsdlUrl],
    ['MTSA_USERNAME', settings.username],
    ['MTSA_PASSWORD', settings.password],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name!);
  throw new MtsaNotIntegrated(missing);
}
