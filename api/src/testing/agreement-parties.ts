// Agreements with the people who sign them, for the suites that hold every route to its callers:
// the borrower and guarantors as the application names them, the borrower's signature through the
// API with the code the sandbox SMS carried, and each guarantor's link as their invitation carried it.
import { AUTH_PATHS, SIGNING_PATHS } from '@lending/contracts';
import type { AgreementStatus } from '@lending/domain';
import type { FastifyInstance } from 'fastify';

import type { Sealer } from '../crypto/sealed';
import type { Orm } from '../db/database';
import { applicationSections } from '../db/schema';
import type { AgreementRow } from '../modules/agreements/store';
import { activeMandate, agreementAt, approvedApplicant } from './agreements';
import { type Caller, LOCAL_CLIENT } from './auth-helpers';
import type { Applicant } from './decisions';
import { openBorrowerDocuments } from './signing-documents';

const ADDRESS = {
  line1: '12 Jalan Ampang',
  postcode: '50450',
  cityId: 1,
  cityName: 'Kuala Lumpur',
  stateId: 14,
  stateName: 'Wilayah Persekutuan Kuala Lumpur',
};

/** The borrower's identity card number every agreement here is made out to. */
export const BORROWER_NRIC = '900101145678';

let people = 0;
/** A director who guarantees the loan, with an identity, phone and email of their own. */
export function director(name: string) {
  people += 1;
  const n = String(people * 7919 + process.pid)
    .padStart(7, '0')
    .slice(-7);
  return {
    role: 'DIRECTOR' as const,
    name,
    identityCardType: 'MYKAD',
    identityCardNo: `8602${n}${people % 10}`.slice(0, 12).padEnd(12, '1'),
    contactNo: `+6014${n}`,
    personalEmail: `guarantor${n}.${people}@example.com`,
  };
}
export type Director = ReturnType<typeof director>;

/** The newest message the sandbox outbox holds for `to`. */
async function lastMessageTo(call: Caller, to: string): Promise<string> {
  const { body } = await call(
    'GET',
    `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(to)}`,
    LOCAL_CLIENT,
  );
  return String((body as { body?: string }[])[0]?.body ?? '');
}

export interface PartiesAgreement {
  agreement: AgreementRow;
  borrower: Applicant;
  /** Each guarantor's link token, once the borrower has signed (in the application's order). */
  links: string[];
}

/**
 * An approved applicant's agreement at `status`, the application naming the borrower and
 * `guarantors`. `SIGNED` is a real signature by the borrower from PENDING_SIGNING (the mandate
 * active at the bank first): with no guarantor the agreement is closed and stamped, with some it
 * waits for theirs and their invitations carry the links.
 */
export async function agreementWithParties(
  app: FastifyInstance,
  db: Orm,
  call: Caller,
  sealer: Sealer,
  status: AgreementStatus | 'SIGNED',
  guarantors: Director[] = [],
): Promise<PartiesAgreement> {
  const approved = await approvedApplicant(db, call);
  await db.insert(applicationSections).values([
    {
      applicationId: approved.applicationId,
      section: 'directors',
      sealedData: sealer.sealJson({ people: guarantors }),
    },
    {
      applicationId: approved.applicationId,
      section: 'applicant',
      sealedData: sealer.sealJson({
        name: 'Nur Aisyah binti Ahmad',
        identityCardType: 'MYKAD',
        identityCardNo: BORROWER_NRIC,
        dateOfBirth: '1990-01-01',
        gender: 'FEMALE',
        nricAddress: ADDRESS,
        homeAddress: ADDRESS,
        mailingAddress: ADDRESS,
      }),
    },
  ]);
  const borrower = approved.applicant;
  const signing = status === 'SIGNED' || status === 'PENDING_SIGNING';
  const agreement = await agreementAt(db, approved, signing ? 'PENDING_SIGNING' : status);
  if (signing) await activeMandate(app, call, borrower.token, agreement.id);
  if (status !== 'SIGNED') return { agreement, borrower, links: [] };

  const state = await call('GET', SIGNING_PATHS.state(agreement.id), { token: borrower.token });
  await openBorrowerDocuments(call, agreement.id, borrower.token);
  const sent = await call('POST', SIGNING_PATHS.requestCode(agreement.id), {
    token: borrower.token,
  });
  if (sent.status !== 200) throw new Error(`signing code: ${JSON.stringify(sent.body)}`);
  const code = /(?:is|ialah) (\d{6})\b/.exec(await lastMessageTo(call, borrower.phoneNo))?.[1];
  const signed = await call('POST', SIGNING_PATHS.sign(agreement.id), {
    token: borrower.token,
    body: { code, documentSha256: state.body.documentSha256 },
  });
  if (signed.status !== 200) throw new Error(`sign: ${JSON.stringify(signed.body)}`);
  const links: string[] = [];
  for (const guarantor of guarantors) {
    const link = /token=([A-Za-z0-9_-]+)/.exec(await lastMessageTo(call, guarantor.personalEmail));
    if (!link) throw new Error('no guarantor link sent');
    links.push(link[1]!);
  }
  return { agreement, borrower, links };
}

/** The guarantor a link is for. */
export async function guarantorIdOf(call: Caller, link: string): Promise<string> {
  const answer = await call('GET', SIGNING_PATHS.guarantorToken, { token: link });
  if (answer.status !== 200) throw new Error(`guarantor link: ${answer.status}`);
  return String(answer.body.guarantorId);
}
