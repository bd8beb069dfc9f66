import { toE164 } from '@lending/domain';
import { useT } from '@lending/platform';
import { Box, Stack } from '@lending/ui';
import { SelectField, TextField } from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import { useContactCheck, usePartnerCheck } from './live-checks';
import type { RegistrationFormValues } from './registration-schema';
import { LiveError, type LiveSectionProps, Section } from './registration-section';
import { useListOptions } from './use-registration-lists';

export function AccountSection({ lists, live, setLive, botPass }: LiveSectionProps) {
  const { t } = useT('onboarding-registration');
  const options = useListOptions();
  const { values } = useFormikContext<RegistrationFormValues>();
  const otherIds = lists.sources.filter((s) => s.needsOtherText).map((s) => String(s.id));
  const email = values.applicantEmail;
  const phone = toE164(values.applicantContactCountryCode, values.applicantContactNo);
  const phoneE164 = phone.ok ? phone.e164 : '';
  const partnerId = values.partnerId.trim();

  useContactCheck(email, phoneE164, botPass, setLive);
  usePartnerCheck(partnerId, setLive);

  return (
    <Section title={t('registration.account')}>
      <Stack gap="3">
        <TextField
          name="applicantEmail"
          label={t('labels.applicantEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          transform={(value) => value.trim().toLowerCase()}
        />
        {live.emailTaken ? (
          <LiveError id="email-taken" message={t('validation.emailExists')} />
        ) : null}
      </Stack>
      <Box />
      <TextField
        name="password"
        label={t('labels.password')}
        type="password"
        autoComplete="new-password"
        helperText={t('hints.password')}
      />
      <TextField
        name="passwordConfirmation"
        label={t('labels.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
      />
      <Stack gap="3">
        <TextField
          name="partnerId"
          label={t('labels.partnerId')}
          required={false}
          transform={(value) => value.toUpperCase()}
        />
        {live.partnerInvalid ? (
          <LiveError id="partner-invalid" message={t('validation.partner')} />
        ) : null}
      </Stack>
      <SelectField
        name="referralSourceId"
        label={t('labels.referralSourceId')}
        placeholder={t('placeholders.select')}
        required={false}
        options={options(lists.sources)}
      />
      {otherIds.includes(values.referralSourceId) ? (
        <TextField name="referralSourceOther" label={t('labels.referralSourceOther')} />
      ) : null}
    </Section>
  );
}
