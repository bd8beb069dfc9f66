import { useLanguage, useT } from '@lending/platform';
import { Link, Stack, Text } from '@lending/ui';
import { CaptchaBox, CheckboxField } from '@lending/ui/forms';

/** A link to one document of the legal page, in a new tab so the half-filled form stays put. */
function LegalLink({ document, children }: { document: 'terms' | 'privacy'; children: string }) {
  const { t } = useT('onboarding-registration');
  const language = useLanguage();
  return (
    <Link
      href={`/legal-terms?language=${language}#${document}`}
      target="_blank"
      rel="noopener"
      color="brand.link"
      textDecoration="underline"
      data-testid={`consent-link-${document}`}
    >
      {children}
      <Text as="span" srOnly>
        {` ${t('registration.opensNewTab')}`}
      </Text>
    </Link>
  );
}

/** The terms, the marketing consent and the bot check at the end of the form. */
export function ConsentSection(props: {
  captchaKey: number;
  /** The applicant submitted without passing the bot check. */
  captchaMissing: boolean;
  onCaptcha: (token: string | null) => void;
  onCaptchaChecking: (checking: boolean) => void;
}) {
  const { t } = useT('onboarding-registration');
  return (
    <Stack gap="3">
      <CheckboxField name="termsAccepted" label={t('registration.terms')}>
        {t('registration.termsLead')}{' '}
        <LegalLink document="terms">{t('registration.termsOfUse')}</LegalLink>{' '}
        {t('registration.termsAnd')}{' '}
        <LegalLink document="privacy">{t('registration.privacyNotice')}</LegalLink>.
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
        onChecking={props.onCaptchaChecking}
      />
      {props.captchaMissing ? (
        <Text id="registration-captcha-error" color="red.600" role="alert">
          {t('validation.captcha')}
        </Text>
      ) : null}
    </Stack>
  );
}
