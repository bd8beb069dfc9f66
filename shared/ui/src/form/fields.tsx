import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { Field as FormikField, type FieldMetaProps, type FieldProps } from 'formik';
import { type ReactNode, useId } from 'react';

interface BaseFieldProps {
  name: string;
  label: string;
  /** Shown under the field while there is no error. */
  helperText?: ReactNode;
  required?: boolean;
  /** Whether a required field shows the required mark; forms where every field is required
   *  (sign-in, passwords) leave it off. */
  markRequired?: boolean;
  disabled?: boolean;
  errorTestId?: string;
}

interface MessageIds {
  errorText: string;
  helperText: string;
}

/** The ids of a field's error and helper text, so the control can name the one shown. */
function useMessageIds(): MessageIds {
  const id = useId();
  return { errorText: `${id}-error`, helperText: `${id}-hint` };
}

/** What a control is described by: its error while one is shown (so a screen reader reads it
 *  with the field), else its helper text. */
function describedBy(
  ids: MessageIds,
  meta: FieldMetaProps<unknown>,
  helperText: ReactNode,
): string | undefined {
  if (meta.touched && meta.error) return ids.errorText;
  return helperText ? ids.helperText : undefined;
}

/** The label, the required mark and, below the control, its error or else its helper text. */
function LabelledField(
  props: BaseFieldProps & { meta: FieldMetaProps<unknown>; ids: MessageIds; children: ReactNode },
) {
  const required = props.required ?? true;
  const showError = Boolean(props.meta.touched && props.meta.error);
  return (
    <Field.Root
      required={required}
      invalid={showError}
      disabled={props.disabled}
      ids={{ errorText: props.ids.errorText, helperText: props.ids.helperText }}
    >
      <Field.Label>
        {props.label}
        {required && (props.markRequired ?? true) ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.children}
      {showError ? (
        <Field.ErrorText data-testid={props.errorTestId}>{props.meta.error}</Field.ErrorText>
      ) : props.helperText ? (
        <Field.HelperText>{props.helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/** One labelled text input bound to a formik field, its error tied to it for screen readers. */
export function TextField(
  props: BaseFieldProps & {
    type?: string;
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'decimal';
    placeholder?: string;
    maxLength?: number;
    /** Rewrites what is typed before formik keeps it (trim, upper-case, digits only). */
    transform?: (value: string) => string;
  },
) {
  const ids = useMessageIds();
  return (
    <FormikField name={props.name}>
      {({ field, meta, form }: FieldProps<string>) => (
        <LabelledField {...props} meta={meta} ids={ids}>
          <Input
            {...field}
            aria-describedby={describedBy(ids, meta, props.helperText)}
            value={field.value ?? ''}
            onChange={
              props.transform
                ? (event) =>
                    void form.setFieldValue(field.name, props.transform!(event.target.value))
                : field.onChange
            }
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            placeholder={props.placeholder}
            maxLength={props.maxLength}
          />
        </LabelledField>
      )}
    </FormikField>
  );
}

/** A labelled multi-line text bound to a formik field (comments, descriptions). */
export function TextareaField(props: BaseFieldProps & { rows?: number; maxLength?: number }) {
  const ids = useMessageIds();
  return (
    <FormikField name={props.name}>
      {({ field, meta }: FieldProps<string>) => (
        <LabelledField {...props} meta={meta} ids={ids}>
          <Textarea
            {...field}
            aria-describedby={describedBy(ids, meta, props.helperText)}
            value={field.value ?? ''}
            rows={props.rows}
            maxLength={props.maxLength}
          />
        </LabelledField>
      )}
    </FormikField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select (keyboard and screen-reader friendly on every phone) bound to formik. */
export function SelectField(
  props: BaseFieldProps & { options: readonly SelectOption[]; placeholder: string },
) {
  const ids = useMessageIds();
  return (
    <FormikField name={props.name}>
      {({ field, meta }: FieldProps<string>) => (
        <LabelledField {...props} meta={meta} ids={ids}>
          <NativeSelect.Root>
            <NativeSelect.Field
              {...field}
              value={field.value ?? ''}
              aria-describedby={describedBy(ids, meta, props.helperText)}
            >
              <option value="">{props.placeholder}</option>
              {props.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
      )}
    </FormikField>
  );
}

/** A checkbox bound to a boolean formik field (terms, consent, acknowledgement). */
export function CheckboxField(props: BaseFieldProps & { children: ReactNode }) {
  const ids = useMessageIds();
  return (
    <FormikField name={props.name} type="checkbox">
      {({ field, meta, form }: FieldProps<boolean>) => (
        <Field.Root
          invalid={Boolean(meta.touched && meta.error)}
          disabled={props.disabled}
          ids={{ errorText: ids.errorText, helperText: ids.helperText }}
        >
          <Checkbox.Root
            checked={Boolean(field.value)}
            onCheckedChange={(details) => {
              void form.setFieldValue(field.name, details.checked === true);
              void form.setFieldTouched(field.name, true, false);
            }}
            name={field.name}
          >
            <Checkbox.HiddenInput
              onBlur={field.onBlur}
              aria-describedby={describedBy(ids, meta, undefined)}
            />
            <Checkbox.Control />
            <Checkbox.Label>{props.children}</Checkbox.Label>
          </Checkbox.Root>
          {meta.touched && meta.error ? <Field.ErrorText>{meta.error}</Field.ErrorText> : null}
        </Field.Root>
      )}
    </FormikField>
  );
}
