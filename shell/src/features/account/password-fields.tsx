import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lending/domain';
import { useT } from '@lending/platform';
import { TextField } from '@lending/ui/forms';
import * as yup from 'yup';

type Translate = ReturnType<typeof useT>['t'];

/** New password and its confirmation, with the messages of spec section 5. */
export function newPasswordSchema(t: Translate) {
  return {
    password: yup
      .string()
      .required(t('validation.required', { label: t('password.new') }))
      .min(PASSWORD_MIN_LENGTH, t('validation.minLength', { min: PASSWORD_MIN_LENGTH }))
      .max(PASSWORD_MAX_LENGTH, t('validation.maxLength', { max: PASSWORD_MAX_LENGTH })),
    confirmation: yup
      .string()
      .required(t('validation.required', { label: t('password.confirm') }))
      .oneOf([yup.ref('password')], t('password.mismatch')),
  };
}

/** The new password and its confirmation, named as {@link newPasswordSchema} checks them. */
export function NewPasswordFields() {
  const { t } = useT('shell');
  return (
    <>
      <TextField
        name="password"
        label={t('password.newLabel')}
        markRequired={false}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        name="confirmation"
        label={t('password.confirmLabel')}
        markRequired={false}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
