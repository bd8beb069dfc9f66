import { Field, Input, NativeSelect, Textarea } from '@lending/ui';
import type { ReactNode } from 'react';

interface ControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  error?: string | null;
}

/** A labelled control whose error is tied to it for screen readers. */
function Labelled(props: ControlProps & { children: ReactNode }) {
  return (
    <Field.Root
      required={props.required ?? false}
      invalid={Boolean(props.error)}
      disabled={props.disabled}
    >
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.children}
      {props.error ? (
        <Field.ErrorText>{props.error}</Field.ErrorText>
      ) : props.helperText ? (
        <Field.HelperText>{props.helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

export function TextInput(
  props: ControlProps & { inputMode?: 'text' | 'numeric' | 'decimal'; maxLength?: number },
) {
  return (
    <Labelled {...props}>
      <Input
        value={props.value}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Labelled>
  );
}

export function TextArea(props: ControlProps & { maxLength?: number }) {
  return (
    <Labelled {...props}>
      <Textarea
        value={props.value}
        maxLength={props.maxLength ?? 4000}
        rows={3}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Labelled>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function Select(props: ControlProps & { choices: Choice[]; placeholder?: string }) {
  return (
    <Labelled {...props}>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Labelled>
  );
}
