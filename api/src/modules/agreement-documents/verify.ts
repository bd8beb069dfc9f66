// Checks each signature in a PDF the way a validator does: the bytes its range covers hash to
// the digest it signed, and the signer's certificate verifies the signature over the signed
// attributes. What the public verification page reports as "intact".
import { createHash } from 'node:crypto';

import forge from 'node-forge';

export interface SignatureCheck {
  /** The signer's certificate subject (common name). */
  signer: string;
  /** Whether the signature covers the file to its end (only the last one can). */
  coversWholeFile: boolean;
  intact: boolean;
}

interface CapturedSigner {
  serial?: string;
  authenticatedAttributes?: forge.asn1.Asn1[];
  signature?: string;
}

function digestAttribute(attributes: forge.asn1.Asn1[]): string | null {
  for (const attribute of attributes) {
    const [type, values] = attribute.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(type!.value as string) === forge.pki.oids.messageDigest) {
      const value = (values!.value as forge.asn1.Asn1[])[0]!;
      return forge.util.bytesToHex(value.value as string);
    }
  }
  return null;
}

function checkOne(pdf: Buffer, range: number[], contentsHex: string): SignatureCheck {
  const [a, b, c, d] = range as [number, number, number, number];
  const covered = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digest = createHash('sha256').update(covered).digest('hex');
  const der = Buffer.from(contentsHex.replace(/(00)+$/, ''), 'hex');
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')), false);
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos?: forge.asn1.Asn1[] };
  };
  // forge reads signer infos without their attributes: capture them with its own validator.
  interface Validator {
    name?: string;
    value?: Validator[];
  }
  const signedData = (forge.pkcs7 as unknown as { asn1: { signedDataValidator: Validator } }).asn1
    .signedDataValidator;
  const validator = signedData.value?.find((v) => v.name === 'SignedData.SignerInfos')?.value?.[0];
  const captured: CapturedSigner = {};
  const info = message.rawCapture.signerInfos?.[0];
  if (info && validator) {
    (
      forge.asn1 as unknown as { validate: (o: unknown, v: unknown, c: unknown) => boolean }
    ).validate(info, validator, captured);
  }
  const signer = captured;
  const serial = signer.serial ? forge.util.createBuffer(signer.serial).toHex() : undefined;
  const certificate =
    message.certificates.find((cert) => cert.serialNumber === serial) ?? message.certificates[0];
  const name = String(certificate?.subject.getField('CN')?.value ?? '');
  const attributes = signer?.authenticatedAttributes ?? [];
  let intact = digestAttribute(attributes) === digest;
  if (intact && certificate && signer?.signature) {
    const set = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.SET,
      true,
      attributes,
    );
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    try {
      intact = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(
        md.digest().getBytes(),
        signer.signature,
      );
    } catch {
      intact = false;
    }
  }
  return { signer: name, coversWholeFile: c + d === pdf.length, intact };
}

export function checkSignatures(pdf: Buffer): SignatureCheck[] {
  const text = pdf.toString('latin1');
  const checks: SignatureCheck[] = [];
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const range = match.slice(1, 5).map(Number);
    const open = text.indexOf('<', range[1]! - 1);
    const close = text.indexOf('>', open);
    try {
      checks.push(checkOne(pdf, range, text.slice(open + 1, close)));
    } catch {
      // A signature that cannot even be read is not intact.
      checks.push({ signer: '', coversWholeFile: false, intact: false });
    }
  }
  return checks;
}
