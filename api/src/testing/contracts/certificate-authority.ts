// The certificate authority port's contract, as a suite any provider must pass before it signs an
// agreement: enrolment binds a certificate to the holder (name, identity number as the subject's
// serial number, country MY) and answers the same valid certificate again; the chain goes up to
// the root it names; a detached CMS signature over the content verifies with the holder's
// certificate; a holder not enrolled cannot sign. The sandbox passes it; Trustgate MTSA must.
import { X509Certificate } from 'node:crypto';

import type { CertificateAuthority } from '../../adapters/certificate-authority/port';
import { checkSignatures } from '../../modules/agreement-documents/verify';

/** Room for a signature with its chain, as a PDF reserves it (trailing zeros are padding). */
const SIGNATURE_ROOM = 40_000;

/** A minimal signed file, as a PDF lays one out: what is signed (/ByteRange covers it), then the
 *  signature in the room kept for it. */
function toSign(content: Buffer): Buffer {
  const pad = (n: number) => String(n).padStart(10, '0');
  const headerLength = '/ByteRange [0 0000000000 0000000000 0000000000]\n'.length;
  const covered = headerLength + content.length;
  const header = `/ByteRange [0 ${pad(covered)} ${pad(covered + SIGNATURE_ROOM + 2)} ${pad(0)}]\n`;
  return Buffer.concat([Buffer.from(header), content]);
}

function signedFile(signed: Buffer, signature: Buffer): Buffer {
  const hex = signature.toString('hex').padEnd(SIGNATURE_ROOM, '0');
  return Buffer.concat([signed, Buffer.from(`<${hex}>`)]);
}

export function certificateAuthorityContract(
  name: string,
  open: () => Promise<{ authority: CertificateAuthority; close(): Promise<void> }>,
): void {
  describe(`the certificate authority port's contract: ${name}`, () => {
    let authority: CertificateAuthority;
    let close: () => Promise<void>;
    const holder = { name: 'Aminah binti Ali', idNo: '900101145678' };

    beforeAll(async () => {
      ({ authority, close } = await open());
    });
    afterAll(() => close());

    it('enrols a holder with a certificate bound to their name and identity number', async () => {
      const issued = await authority.enrol(holder);
      const certificate = new X509Certificate(issued.certificatePem);
      expect(certificate.subject).toContain(`CN=${holder.name}`);
      expect(certificate.subject).toContain(`serialNumber=${holder.idNo}`);
      expect(certificate.subject).toContain('C=MY');
      expect(issued.expiresAt.getTime()).toBeGreaterThan(issued.issuedAt.getTime());
      expect((await authority.enrol(holder)).serial).toBe(issued.serial);
      expect((await authority.certificate(holder.idNo))?.serial).toBe(issued.serial);
      expect(await authority.certificate('850505105555')).toBeNull();
    });

    it('gives a chain that goes up to the root it names', async () => {
      const issued = await authority.enrol(holder);
      const chain = [issued.certificatePem, ...issued.chainPem].map(
        (pem) => new X509Certificate(pem),
      );
      for (let i = 0; i + 1 < chain.length; i++) {
        expect(chain[i]!.checkIssued(chain[i + 1]!)).toBe(true);
        expect(chain[i]!.verify(chain[i + 1]!.publicKey)).toBe(true);
      }
      const root = new X509Certificate(await authority.rootPem());
      expect(chain.at(-1)!.checkIssued(root)).toBe(true);
    });

    it('signs content as the holder, and the signature verifies over exactly that content', async () => {
      await authority.enrol(holder);
      const signed = toSign(Buffer.from('Perjanjian pinjaman wang: 10,000.00'));
      const signature = await authority.signDetached(holder.idNo, signed, new Date());
      const [check] = checkSignatures(signedFile(signed, signature));
      expect(check).toEqual({ signer: holder.name, coversWholeFile: true, intact: true });
      const altered = toSign(Buffer.from('Perjanjian pinjaman wang: 99,000.00'));
      const [tampered] = checkSignatures(signedFile(altered, signature));
      expect(tampered?.intact).toBe(false);
    });

    it('refuses to sign for someone not enrolled', async () => {
      await expect(
        authority.signDetached('770707077777', Buffer.from('x'), new Date()),
      ).rejects.toThrow();
    });
  });
}
