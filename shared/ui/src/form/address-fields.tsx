import { Field, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PostcodeLookup } from '@lending/contracts';
import { masterApi } from '@lending/platform';
import { useField } from 'formik';
import { useEffect, useRef, useState } from 'react';

import { TextField } from './fields';
import { useShownError } from './shown-error';

export interface AddressFieldLabels {
  line1: string;
  line2: string;
  line3: string;
  postcode: string;
  city: string;
  state: string;
  /** Shown as the postcode's error when the lookup knows no such postcode. */
  postcodeNotFound: string;
  /** Read while the lookup runs, e.g. "Looking up the postcode…". */
  lookingUp: string;
}

export type PostcodeState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; lookup: PostcodeLookup }
  | { status: 'notFound' }
  | { status: 'failed' };

export interface AddressFieldsProps {
  /** The formik path of an `AddressInput` (`line1`, `line2`, `line3`, `postcode`). */
  name: string;
  labels: AddressFieldLabels;
  /** Lines 2 and 3 are optional unless told otherwise. */
  disabled?: boolean;
  /** Told every time the lookup settles, so the form can refuse an unknown postcode. */
  onPostcodeChange?: (state: PostcodeState) => void;
  /** Looks a postcode up; the master API by default. Null when the postcode is unknown. */
  lookupPostcode?: (postcode: string) => Promise<PostcodeLookup | null>;
}

/** Malaysian postcodes are five digits. */
export const POSTCODE_PATTERN = /^\d{5}$/;

/**
 * Address lines and a postcode whose city and state are looked up live and shown read-only;
 * an unknown postcode shows "postcode not found" on the field itself.
 */
export function AddressFields(props: AddressFieldsProps) {
  const [postcodeField, postcodeMeta] = useField<string>(`${props.name}.postcode`);
  const [state, setState] = useState<PostcodeState>({ status: 'idle' });
  const onChange = useRef(props.onPostcodeChange);
  onChange.current = props.onPostcodeChange;
  const lookup = props.lookupPostcode ?? masterApi.postcode;
  const postcode = postcodeField.value ?? '';

  useEffect(() => {
    let cancelled = false;
    const settle = (next: PostcodeState) => {
      if (cancelled) return;
      setState(next);
      onChange.current?.(next);
    };
    if (!POSTCODE_PATTERN.test(postcode)) {
      settle({ status: 'idle' });
      return () => {
        cancelled = true;
      };
    }
    settle({ status: 'loading' });
    lookup(postcode).then(
      (found) => settle(found ? { status: 'found', lookup: found } : { status: 'notFound' }),
      () => settle({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
    // `lookup` is stable for a mounted form; only the postcode triggers a lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postcode]);

  const { labels } = props;
  const notFound = state.status === 'notFound';
  const fieldError = useShownError(postcodeMeta);
  const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 5);

  return (
    <Stack gap="3">
      <TextField
        name={`${props.name}.line1`}
        label={labels.line1}
        autoComplete="address-line1"
        disabled={props.disabled}
      />
      <TextField
        name={`${props.name}.line2`}
        label={labels.line2}
        required={false}
        autoComplete="address-line2"
        disabled={props.disabled}
      />
      <TextField
        name={`${props.name}.line3`}
        label={labels.line3}
        required={false}
        autoComplete="address-line3"
        disabled={props.disabled}
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root required invalid={Boolean(fieldError) || notFound} disabled={props.disabled}>
          <Field.Label>
            {labels.postcode}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            {...postcodeField}
            value={postcode}
            onChange={(event) => {
              event.target.value = digitsOnly(event.target.value);
              postcodeField.onChange(event);
            }}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
          />
          {fieldError ? (
            <Field.ErrorText>{fieldError}</Field.ErrorText>
          ) : notFound ? (
            <Field.ErrorText>{labels.postcodeNotFound}</Field.ErrorText>
          ) : state.status === 'loading' ? (
            <Field.HelperText>
              <Spinner size="xs" marginEnd="2" />
              {labels.lookingUp}
            </Field.HelperText>
          ) : null}
        </Field.Root>
        <ReadOnlyValue
          label={labels.city}
          value={state.status === 'found' ? state.lookup.city.name : ''}
        />
        <ReadOnlyValue
          label={labels.state}
          value={state.status === 'found' ? state.lookup.state.name : ''}
        />
      </SimpleGrid>
    </Stack>
  );
}

function ReadOnlyValue(props: { label: string; value: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>{props.label}</Field.Label>
      <Input value={props.value} readOnly tabIndex={-1} variant="subtle" />
      <Text srOnly aria-live="polite">
        {props.value}
      </Text>
    </Field.Root>
  );
}
