import type {
  EligibilityCheckRequest,
  EligibilityCheckResponse,
  Gender,
  OnboardingRegisterRequest,
  OnboardingRegisterResponse,
  OrganizationType,
  RegistrationDetails,
  TenantId,
} from '@lending/contracts';
import { LEGAL_TEXT_VERSION } from '@lending/contracts';
import {
  ageOn,
  ageRuleFailure,
  businessAgeRuleFailure,
  businessEligibleFrom,
  checkEligibility,
  checkOrganizationType,
  checkPassword,
  compareDates,
  DEFAULT_ELIGIBILITY_SETTINGS,
  identityNumberFor,
  isIsoDate,
  malaysiaDate,
  parseNric,
  parseRegistrationNumber,
  type PhoneResult,
  type TelecomAccountStanding,
  toE164,
  validateEmail,
  validatePassport,
  wholeYearsBetween,
} from '@lending/domain';

import type { Sealer } from '../../crypto/sealed';
import { ORGANIZATION_TYPE_WORDS, phoneSentence } from '../../http/sentences';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError, type Sentence, sentence } from '../../kernel/errors';
import { type AuthService, passwordProblem } from '../auth/service';
import { isDuplicateBusiness, type RegistrationStore } from './store';

export const BUSINESS_ALREADY_REGISTERED =
  'This business registration number is already registered';
export const POSTCODE_NOT_FOUND = 'Postcode not found';
export const INVALID_PARTNER_ID = 'Invalid partner ID';
export const LEGAL_TEXT_CHANGED =
  'The terms or privacy notice have changed. Please read them again and accept them';

const { minAge, maxAge, minBusinessAgeMonths } = DEFAULT_ELIGIBILITY_SETTINGS;

/** Why the product cannot lend to this applicant or business, or null when it can. */
export function lendingProblem(
  birthDate: string,
  establishedDate: string,
  today: string,
): Sentence | null {
  const age = ageRuleFailure(birthDate, today);
  if (age) {
    return sentence('Applicants must be aged {min} to {max}; you are {age}', {
      min: minAge,
      max: maxAge,
      age: wholeYearsBetween(birthDate, today),
    });
  }
  if (businessAgeRuleFailure(establishedDate, today)) {
    return sentence(
      'The business must be more than {months} months old to borrow; it can apply from {from}',
      { months: minBusinessAgeMonths, from: businessEligibleFrom(establishedDate) },
    );
  }
  return null;
}

export interface RegistrationServiceDeps {
  store: RegistrationStore;
  auth: AuthService;
  sealer: Sealer;
  clock: Clock;
  /** The telecom's report of the line a redOne token proves (the telecom sign-in's). */
  telecomLine?: (redOneJwt: string) => Promise<TelecomAccountStanding | null>;
}

/** The message for a phone number `toE164` refused, in the wording of spec section 5. */
export function phoneProblem(result: PhoneResult, label: Sentence): Sentence | null {
  return result.ok ? null : phoneSentence(result.reason, label, 'picked');
}

/** The business registration number's own problem, or the organization type it does not fit. */
export function registrationNumberProblem(
  input: string,
  chosen: OrganizationType,
  currentYear: number,
): Sentence | null {
  const parsed = parseRegistrationNumber(input, currentYear);
  if (!parsed.ok) {
    return sentence('Please enter a valid business registration number (new 12-digit format)');
  }
  const fits = checkOrganizationType(input, chosen);
  if (fits.ok || fits.reason !== 'organizationTypeMismatch') return null;
  return sentence(
    'This business registration number is for a {expected}, not a {chosen}; ' +
      'please choose the matching organization type',
    { expected: ORGANIZATION_TYPE_WORDS[fits.expected], chosen: ORGANIZATION_TYPE_WORDS[chosen] },
  );
}

export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { store, clock } = deps;

  function identityOf(request: OnboardingRegisterRequest, today: Date) {
    if (request.applicantIdentityCardType === 'MYKAD') {
      const nric = parseNric(request.applicantIdentityCardNo, today);
      if (!nric.ok) throw badRequest('Please enter a valid NRIC');
      return {
        number: nric.nric.digits,
        dateOfBirth: nric.nric.birthDate,
        gender: nric.nric.gender,
      };
    }
    const passport = validatePassport(request.applicantIdentityCardNo);
    if (!passport.ok) throw badRequest('Please enter a valid passport number');
    const dateOfBirth = request.applicantDateOfBirth;
    if (!dateOfBirth) throw badRequest('Please enter your date of birth');
    if (!isIsoDate(dateOfBirth) || compareDates(dateOfBirth, malaysiaDate(today)) > 0) {
      throw badRequest('Please enter a valid date of birth');
    }
    if (!request.applicantGender) throw badRequest('Please select gender');
    return {
      number: passport.passport,
      dateOfBirth,
      gender: request.applicantGender as Gender,
    };
  }

  return {
    async checkEligibility(
      tenant: TenantId,
      request: EligibilityCheckRequest,
    ): Promise<EligibilityCheckResponse> {
      for (const date of [
        request.birthDate,
        request.businessEstablishedDate,
        request.telecomPostpaidSince,
      ]) {
        if (date && !isIsoDate(date)) throw badRequest('Please enter a valid date');
      }
      const result = checkEligibility(
        {
          isMalaysianCitizen: request.isMalaysianCitizen,
          ...(request.nric ? { nric: request.nric } : {}),
          ...(request.birthDate ? { birthDate: request.birthDate } : {}),
          businessEstablishedDate: request.businessEstablishedDate,
          annualTurnoverSen: request.annualTurnoverSen,
          grossMonthlyIncomeSen: request.grossMonthlyIncomeSen,
          telecomPostpaidSince: request.telecomPostpaidSince ?? null,
          // What the telecom says of the line outweighs a date the person typed.
          ...(request.redOneJwt && deps.telecomLine
            ? { telecomAccount: await deps.telecomLine(request.redOneJwt) }
            : {}),
        },
        { today: clock.now(), tenant },
      );
      const s = DEFAULT_ELIGIBILITY_SETTINGS;
      return {
        eligible: result.eligible,
        rules: result.rules.map((rule) =>
          rule.pass
            ? { rule: rule.rule, pass: true }
            : { rule: rule.rule, pass: false, reason: rule.reason },
        ),
        limits: {
          minAge: s.minAge,
          maxAge: s.maxAge,
          minBusinessAgeMonths: s.minBusinessAgeMonths,
          minAnnualTurnoverSen: s.minAnnualTurnoverSen,
          minGrossMonthlyIncomeSen: s.minGrossMonthlyIncomeSen,
          minTelecomPostpaidMonths: s.minTelecomPostpaidMonths,
        },
      };
    },

    async businessExists(tenant: TenantId, input: string): Promise<boolean> {
      const digits = input.replace(/[\s-]/g, '');
      return /^\d{12}$/.test(digits) ? store.businessExists(tenant, digits) : false;
    },

    partnerIsValid: (partnerId: string) => store.activePartner(partnerId.trim().toUpperCase()),

    /** The applicant's own registration, to start the application forms from. */
    async details(userId: string): Promise<RegistrationDetails> {
      const found = await store.registrationOf(userId);
      if (!found) throw new HttpError(404, 'Registration not found', 'NOT_FOUND');
      const { organization, registration } = found;
      const sealed = organization.applicantIdentityCardSealed;
      return {
        organizationType: organization.organizationType as OrganizationType,
        companyName: organization.companyName,
        newBusinessRegistrationNo: organization.newBusinessRegistrationNo,
        businessContactNo: organization.businessContactNo,
        establishedDate: registration.establishedDate,
        natureOfBusinessId: registration.natureOfBusinessId,
        businessPostcode: found.businessPostcode,
        applicantName: organization.applicantName,
        applicantIdentityCardType: organization.applicantIdentityCardType ?? null,
        // The applicant's own registration: the one rule gives an owner the number whole.
        applicantIdentityCardNo: sealed
          ? identityNumberFor({ kind: 'owner' }, deps.sealer.openText(sealed))
          : null,
        applicantDateOfBirth: registration.applicantBirthDate,
        applicantGender: registration.applicantGender,
        applicantRaceId: registration.applicantRaceId,
        applicantContactNo: organization.applicantContactNo,
        applicantEmail: organization.applicantEmail,
        partnerId: registration.partnerId,
        referralSourceId: registration.referralSourceId,
        referralSourceOther: registration.referralSourceOther,
        acceptMarketingConsent: registration.marketingConsentAt !== null,
      };
    },

    /**
     * Checks the whole form (cheapest checks first, the bot check last so a mistake does not
     * spend it), then opens the account and the organization in one transaction.
     */
    async register(
      tenant: TenantId,
      request: OnboardingRegisterRequest,
      ip: string,
    ): Promise<OnboardingRegisterResponse> {
      const now = clock.now();
      const today = malaysiaDate(now);
      const companyName = request.companyName.trim();
      const applicantName = request.applicantName.trim();
      if (!companyName) throw badRequest('Please enter your company name');
      if (!applicantName) throw badRequest('Please enter your name');

      const brnProblem = registrationNumberProblem(
        request.newBusinessRegistrationNo,
        request.organizationType,
        Number(today.slice(0, 4)),
      );
      if (brnProblem) throw badRequest(brnProblem);
      const registrationNo = request.newBusinessRegistrationNo.replace(/[\s-]/g, '');

      const business = toE164(request.businessContactCountryCode, request.businessContactNo);
      const businessProblem = phoneProblem(business, sentence('business contact number'));
      if (businessProblem || !business.ok) throw badRequest(businessProblem!);
      const phone = toE164(request.applicantContactCountryCode, request.applicantContactNo);
      const applicantPhoneProblem = phoneProblem(phone, sentence('phone number'));
      if (applicantPhoneProblem || !phone.ok) throw badRequest(applicantPhoneProblem!);

      if (!isIsoDate(request.establishedDate) || compareDates(request.establishedDate, today) > 0) {
        throw badRequest('Please enter a valid date of establishment');
      }
      const identity = identityOf(request, now);
      const refusal = lendingProblem(identity.dateOfBirth, request.establishedDate, today);
      if (refusal) throw new HttpError(400, refusal, 'NOT_ELIGIBLE');
      const email = validateEmail(request.applicantEmail);
      if (!email.ok) throw badRequest('Please enter a valid email');
      const passwordIssue = passwordProblem(request.password);
      if (passwordIssue) throw badRequest(passwordIssue);
      if (!checkPassword(request.password, request.passwordConfirmation).ok) {
        throw badRequest('Passwords do not match');
      }
      if (!request.termsAccepted) throw badRequest('Please accept the terms and conditions');
      // Consent counts for the text the person read: an acceptance of an older version (a form
      // left open while the text changed) is asked again, never recorded against the new one.
      if (request.consentTextVersion !== LEGAL_TEXT_VERSION) {
        throw new HttpError(409, LEGAL_TEXT_CHANGED, 'LEGAL_TEXT_CHANGED');
      }

      const partnerId = request.partnerId?.trim().toUpperCase() || null;
      if (partnerId && !(await store.activePartner(partnerId))) {
        throw badRequest(INVALID_PARTNER_ID);
      }
      let referralSourceOther: string | null = null;
      if (request.referralSourceId != null) {
        const source = await store.referralSource(request.referralSourceId);
        if (!source) throw badRequest('Please select a valid referral source');
        if (source.needsOtherText) {
          referralSourceOther = request.referralSourceOther?.trim() || null;
          if (!referralSourceOther) throw badRequest('Please enter your other referral source');
        }
      }
      if (!(await store.raceExists(request.applicantRaceId)))
        throw badRequest('Please select race');
      if (!(await store.natureOfBusinessExists(request.natureOfBusinessId))) {
        throw badRequest('Please select nature of business');
      }
      const postcodeId = await store.postcodeId(request.businessAuthorizedPostcode);
      if (postcodeId === null) throw badRequest(POSTCODE_NOT_FOUND);
      if (await store.businessExists(tenant, registrationNo)) {
        throw new HttpError(409, BUSINESS_ALREADY_REGISTERED);
      }

      let organizationId = '';
      const signedIn = await deps.auth.register(
        tenant,
        {
          email: email.email,
          password: request.password,
          firstName: applicantName,
          phoneNo: phone.e164,
          language: request.language,
          captchaToken: request.captchaToken ?? '',
          acceptMarketingConsent: request.acceptMarketingConsent,
        },
        ip,
        request.language,
        async (tx, user) => {
          try {
            organizationId = await store.insertOrganization(
              tx,
              {
                tenant,
                userId: user.id,
                organizationType: request.organizationType,
                companyName,
                newBusinessRegistrationNo: registrationNo,
                businessContactNo: business.e164,
                applicantName,
                applicantEmail: email.email,
                applicantContactNo: phone.e164,
                applicantIdentityCardSealed: deps.sealer.seal(identity.number),
                applicantIdentityCardHash: deps.sealer.fingerprint(identity.number),
                applicantIdentityCardType: request.applicantIdentityCardType,
              },
              {
                userId: user.id,
                establishedDate: request.establishedDate,
                natureOfBusinessId: request.natureOfBusinessId,
                businessPostcodeId: postcodeId,
                applicantRaceId: request.applicantRaceId,
                applicantBirthDate: identity.dateOfBirth,
                applicantGender: identity.gender,
                referralSourceId: request.referralSourceId ?? null,
                referralSourceOther,
                partnerId,
                termsAcceptedAt: now,
                consentTextVersion: request.consentTextVersion,
                marketingConsentAt: request.acceptMarketingConsent ? now : null,
              },
            );
          } catch (error) {
            if (isDuplicateBusiness(error)) throw new HttpError(409, BUSINESS_ALREADY_REGISTERED);
            throw error;
          }
          if (partnerId) await store.setUserPartner(tx, user.id, partnerId);
        },
      );
      return {
        ...signedIn,
        userDetails: signedIn.userDetails
          ? { ...signedIn.userDetails, partnerId: partnerId ?? signedIn.userDetails.partnerId }
          : null,
        organizationId,
        applicant: {
          dateOfBirth: identity.dateOfBirth,
          gender: identity.gender,
          age: ageOn(identity.dateOfBirth, now),
        },
      };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
