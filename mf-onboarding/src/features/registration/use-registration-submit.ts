import {
  completeSignIn,
  errorMessage,
  navigate,
  registrationApi,
  useLanguage,
} from '@lending/platform';
import { useState } from 'react';

import { clearRegistrationDraft } from './registration-draft';
import { type RegistrationFormValues, toRegisterRequest } from './registration-schema';

/** Registers once the bot check is passed and nothing blocks, then signs in and goes on to
 *  verification; a refusal is kept to show and the bot check is asked again. */
export function useRegistrationSubmit(blocked: boolean) {
  const language = useLanguage();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [captchaChecking, setCaptchaChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onCaptcha = (token: string | null) => {
    setCaptchaToken(token);
    if (token) setCaptchaMissing(false);
  };

  const submit = async (values: RegistrationFormValues) => {
    setFailure(null);
    if (!captchaToken) {
      setCaptchaMissing(true);
      return;
    }
    if (blocked) return;
    try {
      const response = await registrationApi.register(
        toRegisterRequest(values, captchaToken, language),
      );
      clearRegistrationDraft();
      completeSignIn(response);
      navigate('/registration/verification');
    } catch (error) {
      setFailure(errorMessage(error));
      // A pass works once: tick again for the next try.
      setCaptchaKey((key) => key + 1);
    }
  };

  return {
    submit,
    failure,
    /** The pass of the ticked bot check, until registering spends it. */
    captchaToken,
    captchaKey,
    captchaMissing: captchaMissing && !captchaToken,
    onCaptcha,
    /** The bot check is being asked: Register waits for its answer. */
    captchaChecking,
    onCaptchaChecking: setCaptchaChecking,
  };
}
