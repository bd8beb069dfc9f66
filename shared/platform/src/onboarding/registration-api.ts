import {
  AUTH_PATHS,
  BOT_CHECK_HEADER,
  type CheckEmailExistedResponse,
  type EligibilityCheckRequest,
  type EligibilityCheckResponse,
  type OnboardingRegisterRequest,
  type OnboardingRegisterResponse,
  REGISTRATION_PATHS,
  type RegistrationDetails,
  type SendCodeResponse,
  type VerificationChannel,
  type VerificationStatus,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** Eligibility, registration and the email/SMS verification codes of onboarding. */
export const registrationApi = {
  async checkEligibility(request: EligibilityCheckRequest): Promise<EligibilityCheckResponse> {
    return (
      await api.core.post<EligibilityCheckResponse>(REGISTRATION_PATHS.eligibilityCheck, request)
    ).data;
  },
  async register(request: OnboardingRegisterRequest): Promise<OnboardingRegisterResponse> {
    return (await api.core.post<OnboardingRegisterResponse>(REGISTRATION_PATHS.register, request))
      .data;
  },
  /** Whether a business is registered: asked only with a bot-check pass, which it does not
   *  spend. */
  async businessExists(newBusinessRegistrationNo: string, botPass: string): Promise<boolean> {
    const response = await api.core.get<{ exists: boolean }>(
      REGISTRATION_PATHS.checkOrganizationExistence,
      { params: { newBusinessRegistrationNo }, headers: { [BOT_CHECK_HEADER]: botPass } },
    );
    return response.data.exists;
  },
  async partnerIsValid(partnerId: string): Promise<boolean> {
    const response = await api.core.get<{ valid: boolean }>(REGISTRATION_PATHS.checkPartner, {
      params: { partnerId },
    });
    return response.data.valid;
  },
  /** Live "already exists" feedback for the email and the E.164 phone number, in the body
   *  (never the address), with a bot-check pass that it does not spend. */
  async contactExists(
    email: string,
    phoneNo: string,
    botPass: string,
  ): Promise<CheckEmailExistedResponse> {
    return (
      await api.core.post<CheckEmailExistedResponse>(AUTH_PATHS.checkEmailExisted, {
        email,
        phoneNo,
        captchaToken: botPass,
      })
    ).data;
  },
  /** What the signed-in applicant gave at registration. */
  async details(): Promise<RegistrationDetails> {
    return (await api.core.get<RegistrationDetails>(REGISTRATION_PATHS.details)).data;
  },
  async sendCode(channel: VerificationChannel): Promise<SendCodeResponse> {
    return (await api.core.post<SendCodeResponse>(REGISTRATION_PATHS.sendCode(channel), {})).data;
  },
  async verifyCode(channel: VerificationChannel, code: string): Promise<VerificationStatus> {
    return (
      await api.core.post<VerificationStatus>(REGISTRATION_PATHS.verifyCode(channel), { code })
    ).data;
  },
  async verificationStatus(): Promise<VerificationStatus> {
    return (await api.core.get<VerificationStatus>(REGISTRATION_PATHS.verificationStatus)).data;
  },
};
