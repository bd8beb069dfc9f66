import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useId } from 'react';

import { useShownError } from './shown-error';

/** Country codes offered first; Malaysia is the default and the one most applicants use. */
export const PHONE_COUNTRY_CODES: readonly string[] = [
  '+60',
  '+65',
  '+62',
  '+66',
  '+673',
  '+63',
  '+84',
  '+86',
  '+91',
  '+44',
  '+61',
  '+1',
];

export interface PhoneFieldProps {
  /** The formik field holding the digits of the number (no country code, no dashes). */
  name: string;
  /** The formik field holding the country code, e.g. `+60`. */
  countryCodeName: string;
  label: string;
  /** Read by screen readers for the country-code select, e.g. "Country code". */
  countryCodeLabel: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A phone number as two formik fields: the country code and the number in digits only. Anything
 * but 0-9 is dropped while typing (spec section 5: numeric fields accept 0-9 only, no dash), so
 * the form's schema and the server see exactly what `toE164` expects.
 */
export function PhoneField(props: PhoneFieldProps) {
  const [number, numberMeta, numberHelpers] = useField<string>(props.name);
  const [code, codeMeta] = useField<string>(props.countryCodeName);
  const codeError = useShownError(codeMeta);
  const numberError = useShownError(numberMeta);
  const error = codeError ?? numberError;
  const required = props.required ?? true;
  const codeId = useId();
  const errorId = `${codeId}-error`;
  const helperId = `${codeId}-hint`;
  // The error, else the hint, is read with both controls of the number.
  const described = error ? errorId : props.helperText ? helperId : undefined;
  const codes = PHONE_COUNTRY_CODES.includes(code.value ?? '')
    ? PHONE_COUNTRY_CODES
    : [code.value, ...PHONE_COUNTRY_CODES].filter(Boolean);

  return (
    <Field.Root
      required={required}
      invalid={Boolean(error)}
      disabled={props.disabled}
      ids={{ errorText: errorId, helperText: helperId }}
    >
      <Field.Label>
        {props.label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <HStack gap="2" width="full" align="stretch">
        <NativeSelect.Root width="7.5rem" flexShrink={0}>
          <NativeSelect.Field
            id={codeId}
            aria-label={props.countryCodeLabel}
            aria-describedby={described}
            {...code}
            value={code.value ?? '+60'}
          >
            {codes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          {...number}
          value={number.value ?? ''}
          onChange={(event) => void numberHelpers.setValue(event.target.value.replace(/\D/g, ''))}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={props.placeholder}
          maxLength={15}
          aria-describedby={described}
        />
      </HStack>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : props.helperText ? (
        <Field.HelperText>{props.helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
