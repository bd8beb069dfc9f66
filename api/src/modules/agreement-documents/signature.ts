// One signature = one incremental update: a signature field and its value dictionary with room
// for the CMS (the ByteRange placeholder @signpdf fills), appended; then @signpdf computes the
// byte range and puts in the detached CMS the certificate authority makes for the signer.
import { SignPdf } from '@signpdf/signpdf';
import {
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  Signer,
  SUBFILTER_ETSI_CADES_DETACHED,
} from '@signpdf/utils';
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFString,
} from 'pdf-lib';

import type { CertificateAuthority } from '../../adapters/certificate-authority/port';
import type { OrmExecutor } from '../../kernel/transaction';
import { openForIncrement } from './increment';

/** Bytes kept for the CMS: a signature with a two-certificate chain takes about 2.6 KB. */
const SIGNATURE_BYTES = 8192;
const ANNOTATION_PRINT = 4;
const SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY = 3;

export interface SignatureRequest {
  /** Unique in the document: the field's name. */
  fieldName: string;
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
  /** Holder of the signing certificate at the authority. */
  idNo: string;
}

function addPlaceholder(doc: PDFDocument, request: SignatureRequest): void {
  const context = doc.context;
  const pages = doc.getPages();
  const page = pages[pages.length - 1]!;
  const byteRange = PDFArray.withContext(context);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i += 1) byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
    Reason: PDFString.of(request.reason),
    M: PDFString.fromDate(request.signingTime),
    ContactInfo: PDFString.of(request.contactInfo),
    Name: PDFString.of(request.name),
    Location: PDFString.of(request.location),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' } },
  });
  // Written as raw bytes so pdf-lib never moves it into an object stream.
  const raw = new Uint8Array(signature.sizeInBytes());
  signature.copyBytesInto(raw, 0);
  const signatureRef = context.register(PDFInvalidObject.of(raw));
  const appearance = context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} });
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signatureRef,
    T: PDFString.of(request.fieldName),
    F: ANNOTATION_PRINT,
    P: page.ref,
    AP: { N: context.register(appearance) },
  });
  const widgetRef = context.register(widget);
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? context.obj([]);
  annotations.push(widgetRef);
  page.node.set(PDFName.of('Annots'), annotations);

  let form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!form) {
    form = context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), context.register(form));
  }
  form.set(PDFName.of('SigFlags'), PDFNumber.of(SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY));
  const fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? context.obj([]);
  fields.push(widgetRef);
  form.set(PDFName.of('Fields'), fields);
}

class AuthoritySigner extends Signer {
  constructor(
    private readonly authority: CertificateAuthority,
    private readonly idNo: string,
    private readonly at: Date,
    private readonly on: OrmExecutor | undefined,
  ) {
    super();
  }

  override sign(content: Buffer): Promise<Buffer> {
    return this.authority.signDetached(this.idNo, content, this.at, this.on);
  }
}

/**
 * `document` with one more signature, appended; earlier bytes untouched. `beforeSigning` may
 * add content to the same update (the audit page, say) before the signature seals it.
 */
export async function signIncrementally(
  document: Buffer,
  authority: CertificateAuthority,
  request: SignatureRequest,
  beforeSigning?: (doc: PDFDocument) => Promise<void>,
  on?: OrmExecutor,
): Promise<Buffer> {
  const increment = await openForIncrement(document);
  if (beforeSigning) await beforeSigning(increment.doc);
  addPlaceholder(increment.doc, request);
  const prepared = await increment.save();
  return new SignPdf().sign(
    prepared,
    new AuthoritySigner(authority, request.idNo, request.signingTime, on),
  );
}
