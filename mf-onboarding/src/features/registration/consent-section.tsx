import { useT } from '@lending/platform';
import { CaptchaBox, CheckboxField, Stack, Text } from '@lending/ui';

/** The terms, the marketing consent and the bot check at the end of the form. */
export function ConsentSection(props: {
  captchaKey: number;
  /** The applicant submitted without passing the bot check. */
  captchaMissing: boolean;
  onCaptcha: (token: string | null) => void;
}) {
  const { t } = useT('onboarding-registration');
  return (
    <Stack gap="3">
      <CheckboxField name="termsAccepted" label={t('registration.terms')}>
        {t('registration.terms')}
      </CheckboxField>
      <CheckboxField
        name="acceptMarketingConsent"
        label={t('registration.marketing')}
        required={false}
      >
        {t('registration.marketing')}
      </CheckboxField>
      <CaptchaBox
        labels={{
          notARobot: t('captcha.notARobot'),
          checking: t('captcha.checking'),
          loading: t('captcha.loading'),
          unavailable: t('captcha.unavailable'),
        }}
        resetKey={props.captchaKey}
        invalid={props.captchaMissing}
        describedBy="registration-captcha-error"
        onChange={props.onCaptcha}
      />
      {props.captchaMissing ? (
        <Text id="registration-captcha-error" color="red.600" role="alert">
          {t('validation.captcha')}
        </Text>
      ) : null}
    </Stack>
  );
}
