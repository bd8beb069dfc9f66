import type { IdentityCardType } from '@lending/contracts';
import { SelectField, TextField } from '@lending/ui/forms';
import type { ComponentProps } from 'react';

import { useFormT } from '../../journey/use-form-t';

type TextFieldProps = ComponentProps<typeof TextField>;

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** A number typed as digits only (registration, account and card numbers). */
export function DigitsField(props: Omit<TextFieldProps, 'inputMode' | 'transform'>) {
  return <TextField {...props} inputMode="numeric" transform={digitsOnly} />;
}

/** A ringgit amount: digits and the decimal point only. */
export function MoneyField(props: Omit<TextFieldProps, 'inputMode' | 'transform'>) {
  return (
    <TextField {...props} inputMode="decimal" transform={(value) => value.replace(/[^\d.]/g, '')} />
  );
}

const IDENTITY_CARD_TYPES: IdentityCardType[] = ['MYKAD', 'PASSPORT'];

export function IdentityCardTypeField(props: { name: string; disabled: boolean }) {
  const t = useFormT();
  return (
    <SelectField
      name={props.name}
      label={t('labels.identityCardType')}
      placeholder={t('labels.choose')}
      options={IDENTITY_CARD_TYPES.map((type) => ({
        value: type,
        label: t(`identityCardTypes.${type}`),
      }))}
      disabled={props.disabled}
    />
  );
}
