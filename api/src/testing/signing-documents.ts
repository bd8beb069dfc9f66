import {
  BORROWER_SIGNING_DOCUMENTS,
  GUARANTOR_SIGNING_DOCUMENTS,
  SIGNING_PATHS,
} from '@lending/contracts';

import type { Caller } from './auth-helpers';

/** The borrower opens every document they sign or accept, as the signing screen has them do
 *  before a code may be sent. */
export async function openBorrowerDocuments(
  call: Caller,
  agreementId: string,
  token: string,
): Promise<void> {
  for (const kind of BORROWER_SIGNING_DOCUMENTS) {
    const read = await call('GET', SIGNING_PATHS.readDocument(agreementId, kind), { token });
    if (read.status !== 200) throw new Error(`opening ${kind} answered ${read.status}`);
  }
}

/** A verified guarantor opens their deed and the notices, through their link. */
export async function openGuarantorDocuments(
  call: Caller,
  guarantorId: string,
  linkToken: string,
): Promise<void> {
  for (const kind of GUARANTOR_SIGNING_DOCUMENTS) {
    const read = await call('GET', SIGNING_PATHS.guarantorReadDocument(guarantorId, kind), {
      token: linkToken,
    });
    if (read.status !== 200) throw new Error(`opening ${kind} answered ${read.status}`);
  }
}
