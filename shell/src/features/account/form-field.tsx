import { Field as FormikField, type FieldProps } from 'formik';
import { Field, Input } from '@lending/ui';

/** One labelled text input bound to a formik field, its error tied to it for screen readers. */
export function TextField(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
}) {
  return (
    <FormikField name={props.name}>
      {({ field, meta }: FieldProps<string>) => (
        <Field.Root
          required
          invalid={Boolean(meta.touched && meta.error)}
          disabled={props.disabled}
        >
          <Field.Label>{props.label}</Field.Label>
          <Input {...field} type={props.type ?? 'text'} autoComplete={props.autoComplete} />
          <Field.ErrorText>{meta.error}</Field.ErrorText>
        </Field.Root>
      )}
    </FormikField>
  );
}
