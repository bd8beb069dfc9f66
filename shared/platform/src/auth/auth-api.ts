import {
  AUTH_PATHS,
  type CaptchaConfig,
  type CaptchaVerifyResponse,
  type LoginRequest,
  type LoginResponse,
  type RedOneFirstLoginRequest,
  type RedOneFirstLoginResponse,
  type RedOneValidateNricResponse,
  STAFF_PATHS,
  type StaffLoginRequest,
  type StaffLoginStep,
  type StaffSecondFactorRequest,
  type StaffSignedIn,
  type UserDetails,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** The account calls every app shares: the shell's login and account pages, onboarding's
 *  registration and the back office's staff login. */
export const authApi = {
  async login(request: LoginRequest): Promise<LoginResponse> {
    return (await api.auth.post<LoginResponse>(AUTH_PATHS.login, request)).data;
  },
  /** The telecom tenant's sign-in with the telecom account (line number and its password). */
  async redOneFirstLogin(request: RedOneFirstLoginRequest): Promise<RedOneFirstLoginResponse> {
    return (await api.core.post<RedOneFirstLoginResponse>(AUTH_PATHS.redOneFirstLogin, request))
      .data;
  },
  async redOneValidateNric(redOneJwt: string, nric: string): Promise<RedOneValidateNricResponse> {
    const response = await api.core.post<RedOneValidateNricResponse>(
      AUTH_PATHS.redOneValidateNric,
      { nric },
      // The line's proof from the telecom sign-in is the bearer here, not a session's token.
      { headers: { Authorization: `Bearer ${redOneJwt}` } },
    );
    return response.data;
  },
  /** Asks the telecom to text the line a new password; the server's message to show. */
  async redOneResetPassword(callerId: string): Promise<string> {
    const response = await api.core.post<{ message: string }>(AUTH_PATHS.redOneResetPassword, {
      callerId,
    });
    return response.data.message;
  },
  async logout(refreshToken: string): Promise<void> {
    await api.auth.post(AUTH_PATHS.logout, { refreshToken });
  },
  async captchaConfig(): Promise<CaptchaConfig> {
    return (await api.core.get<CaptchaConfig>(AUTH_PATHS.captchaConfig)).data;
  },
  async solveSandboxCaptcha(): Promise<string> {
    return (await api.core.post<{ token: string }>(AUTH_PATHS.sandboxCaptchaSolve, {})).data.token;
  },
  async verifyCaptcha(token: string): Promise<boolean> {
    const response = await api.core.post<CaptchaVerifyResponse>(AUTH_PATHS.captchaVerify, {
      token,
    });
    return response.data.success === true;
  },
  async requestPasswordReset(email: string, captchaToken: string): Promise<void> {
    await api.auth.post(AUTH_PATHS.requestResetPassword, { email, captchaToken });
  },
  async checkResetToken(token: string): Promise<boolean> {
    const response = await api.core.post<{ valid: boolean }>(AUTH_PATHS.checkResetToken, { token });
    return response.data.valid === true;
  },
  async resetPassword(resetToken: string, password: string): Promise<void> {
    await api.auth.patch(
      AUTH_PATHS.resetPassword,
      { password },
      // The reset token is the bearer here, not the session's access token.
      { headers: { Authorization: `Bearer ${resetToken}` } },
    );
  },
  async me(): Promise<UserDetails> {
    return (await api.core.get<UserDetails>(AUTH_PATHS.userMe)).data;
  },
  async updatePassword(currentPassword: string, newPassword: string): Promise<void> {
    await api.core.patch(AUTH_PATHS.updatePassword, { currentPassword, newPassword });
  },
  async updateEmail(userId: string, email: string): Promise<UserDetails> {
    return (await api.core.patch<UserDetails>(`${AUTH_PATHS.userById(userId)}/email`, { email }))
      .data;
  },
  async staffLogout(refreshToken: string): Promise<void> {
    await api.admin.post(AUTH_PATHS.staffLogout, { refreshToken });
  },
  /** The password step: answers with the second step, never with tokens. */
  async staffLogin(request: StaffLoginRequest): Promise<StaffLoginStep> {
    return (await api.admin.post<StaffLoginStep>(AUTH_PATHS.staffLogin, request)).data;
  },
  async staffSecondFactor(request: StaffSecondFactorRequest): Promise<StaffSignedIn> {
    return (await api.admin.post<StaffSignedIn>(STAFF_PATHS.secondFactor, request)).data;
  },
};
