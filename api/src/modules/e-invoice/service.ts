import type { Organization, TinIdType, UserDetails, ValidateTinResponse } from '@lending/contracts';
import { normalizeNric } from '@lending/domain';

import {
  type TaxAuthority,
  TaxAuthorityUnavailable,
  type TinCheck,
} from '../../adapters/tax-authority/port';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import type { Audit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import { toUserDetails, type UserAccounts } from '../users/service';
import type { EInvoiceStore } from './store';

type Applicant = Extract<Principal, { kind: 'applicant' }>;

/** What this module needs of the applications module: the applicant's own organization. */
export interface OrganizationsOfUsers {
  organizationOfUser(viewer: Principal, userId: string): Promise<Organization>;
}

export const TIN_ALREADY_STORED = 'Your TIN is already stored';
export const TIN_INVALID = 'TIN is invalid';
export const NO_IDENTITY_ON_FILE =
  'We need your registration details to check your TIN; please complete your registration first';

/** Individuals' TINs start IG; every other TIN belongs to a registered business. */
const isIndividualTin = (tin: string) => tin.startsWith('IG');

/**
 * The identity the tax authority is asked to match the TIN with, from the applicant's own
 * registration: their MyKad or passport for an individual's TIN, the business registration number
 * otherwise. Never typed in, so a TIN cannot be proven with someone else's identity.
 */
export function identityFor(
  tin: string,
  organization: Organization,
): Pick<TinCheck, 'idType' | 'idValue'> | null {
  if (!isIndividualTin(tin)) {
    const brn = organization.newBusinessRegistrationNo.replace(/[\s-]/g, '');
    return brn ? { idType: 'BRN', idValue: brn } : null;
  }
  const card = organization.applicantIdentityCardNo;
  if (!card) return null;
  const digits = normalizeNric(card);
  // A MyKad number is twelve digits; anything else registered is a passport number.
  return /^\d{12}$/.test(digits)
    ? { idType: 'NRIC', idValue: digits }
    : { idType: 'PASSPORT', idValue: card.trim().toUpperCase() };
}

export function createEInvoiceService(deps: {
  db: Orm;
  store: EInvoiceStore;
  users: Pick<UserAccounts, 'byId'>;
  organizations: OrganizationsOfUsers;
  taxAuthority: TaxAuthority;
  audit: Audit;
  clock: Clock;
}) {
  const { db, store, users, organizations, taxAuthority, audit, clock } = deps;

  async function storedTin(userId: string): Promise<string | null> {
    const user = await users.byId(userId);
    if (!user) throw new HttpError(404, 'User not found');
    return user.tinNumber;
  }

  async function identityOf(applicant: Applicant, tin: string) {
    let organization: Organization;
    try {
      organization = await organizations.organizationOfUser(applicant, applicant.userId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw new HttpError(409, NO_IDENTITY_ON_FILE, 'TIN_IDENTITY_MISSING');
      }
      throw error;
    }
    const identity = identityFor(tin, organization);
    if (!identity) throw new HttpError(409, NO_IDENTITY_ON_FILE, 'TIN_IDENTITY_MISSING');
    return identity;
  }

  /** Asks the tax authority; a TIN it knows is kept on the account, with its audit row. */
  async function check(applicant: Applicant, input: string, ip: string) {
    const tin = input.trim().toUpperCase();
    if (await storedTin(applicant.userId))
      throw new HttpError(409, TIN_ALREADY_STORED, 'TIN_ALREADY_STORED');
    const identity = await identityOf(applicant, tin);
    let valid: boolean;
    try {
      valid = await taxAuthority.validateTin({ tin, ...identity });
    } catch (error) {
      if (error instanceof TaxAuthorityUnavailable) {
        throw new HttpError(503, 'The TIN check is not available now, please try again later');
      }
      throw error;
    }
    // The TIN and the identity stay out of the audit row: what was checked, not whose.
    const detail = {
      tinKind: isIndividualTin(tin) ? 'INDIVIDUAL' : 'BUSINESS',
      idType: identity.idType satisfies TinIdType,
      provider: taxAuthority.name,
    };
    const entry = { actor: `user:${applicant.userId}`, subject: `user:${applicant.userId}`, ip };
    if (!valid) {
      await audit({ ...entry, action: 'user.tin_rejected', detail });
      return { tin, valid, stored: false };
    }
    await inTransaction(db, async (tx) => {
      if (!(await store.keepTinOnce(tx, applicant.userId, tin, clock.now()))) {
        throw new HttpError(409, TIN_ALREADY_STORED, 'TIN_ALREADY_STORED');
      }
      await audit({ ...entry, action: 'user.tin_stored', detail }, tx);
    });
    return { tin, valid, stored: true };
  }

  return {
    /** The TIN page's Validate: valid or not, and kept when valid. */
    async validate(
      applicant: Applicant,
      tinNumber: string,
      ip: string,
    ): Promise<ValidateTinResponse> {
      const { tin, valid, stored } = await check(applicant, tinNumber, ip);
      return { tinNumber: tin, valid, stored };
    },

    /** The spec's store call: only a TIN the tax authority knows is kept. */
    async store(applicant: Applicant, tinNumber: string, ip: string): Promise<UserDetails> {
      const { valid } = await check(applicant, tinNumber, ip);
      if (!valid) throw new HttpError(422, TIN_INVALID, 'UNPROCESSABLE');
      return toUserDetails((await users.byId(applicant.userId))!);
    },
  };
}

export type EInvoiceService = ReturnType<typeof createEInvoiceService>;
