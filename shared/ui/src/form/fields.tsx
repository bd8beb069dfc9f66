import { Checkbox, Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import {
  type ChangeEvent,
  type FocusEvent,
  memo,
  type ReactNode,
  useCallback,
  useId,
  useMemo,
  useRef,
} from 'react';

import { type FormControl, useAdoptEarlyInput } from './held-submit';
import { useShownError } from './shown-error';

// A formik form gives every field a new context value at each keystroke anywhere in it, so each
// field is two parts: a small binding that reads the form, and a memoised view (the labels,
// controls and messages, whose styles cost most of a render) drawn again only when what it shows
// changes: its own value, its error, its words.

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

/** What a view is given of its field: the value, the error once it is to be shown, the form's
 *  own handlers (the same functions for the life of the form) and the ref its control takes. */
interface BoundState<V> {
  control: (element: FormControl | null) => void;
  value: V;
  shownError: string | undefined;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** The ids of a field's error and helper text, so the control can name the one shown. */
function useMessageIds(): MessageIds {
  const id = useId();
  return useMemo(() => ({ errorText: `${id}-error`, helperText: `${id}-hint` }), [id]);
}

/** Binds a field, taking in what was put in its control before the app took the page over:
 *  through `adopt` when the field keeps something else than the control shows. */
function useBound<V extends string | boolean>(
  name: string,
  options: { type?: 'checkbox'; adopt?: (early: V) => void } = {},
): BoundState<V> {
  const [field, meta, helpers] = useField<V>(options.type ? { name, type: options.type } : name);
  const element = useRef<FormControl>(null);
  const control = useCallback((drawn: FormControl | null) => {
    element.current = drawn;
  }, []);
  const shown = (options.type ? Boolean(field.value) : (field.value ?? '')) as V;
  useAdoptEarlyInput(element, shown, options.adopt ?? ((early) => void helpers.setValue(early)));
  const shownError = useShownError(meta);
  return {
    control,
    value: field.value,
    shownError,
    onChange: field.onChange,
    onBlur: field.onBlur,
  };
}

/** What a control is described by: its error while one is shown (so a screen reader reads it
 *  with the field), else its helper text. */
function describedBy(
  ids: MessageIds,
  shownError: string | undefined,
  helperText: ReactNode,
): string | undefined {
  if (shownError) return ids.errorText;
  return helperText ? ids.helperText : undefined;
}

/** What a text, text area or select control takes of its bound field. */
function controlProps(
  props: BoundState<string> & { name: string; ids: MessageIds; helperText?: ReactNode },
) {
  return {
    ref: props.control,
    name: props.name,
    value: props.value ?? '',
    onChange: props.onChange,
    onBlur: props.onBlur,
    'aria-describedby': describedBy(props.ids, props.shownError, props.helperText),
  };
}

/** The label, the required mark and, below the control, its error or else its helper text. */
function LabelledField(
  props: BaseFieldProps & {
    shownError: string | undefined;
    ids: MessageIds;
    children: ReactNode;
  },
) {
  const required = props.required ?? true;
  return (
    <Field.Root
      required={required}
      invalid={Boolean(props.shownError)}
      disabled={props.disabled}
      ids={{ errorText: props.ids.errorText, helperText: props.ids.helperText }}
    >
      <Field.Label>
        {props.label}
        {required && (props.markRequired ?? true) ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.children}
      {props.shownError ? (
        <Field.ErrorText data-testid={props.errorTestId}>{props.shownError}</Field.ErrorText>
      ) : props.helperText ? (
        <Field.HelperText>{props.helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

type TextFieldProps = BaseFieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'decimal';
  placeholder?: string;
  maxLength?: number;
  /** Rewrites what is typed before formik keeps it (trim, upper-case, digits only). */
  transform?: (value: string) => string;
  /** How the kept value is shown, when the form may hold it otherwise than typing leaves it
   *  (an identity number saved as digits, shown grouped as typing groups it). */
  display?: (value: string) => string;
};

const TextFieldView = memo(function TextFieldView(
  props: Omit<TextFieldProps, 'transform' | 'display'> & BoundState<string> & { ids: MessageIds },
) {
  return (
    <LabelledField {...props}>
      <Input
        {...controlProps(props)}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
      />
    </LabelledField>
  );
});

/** One labelled text input bound to a formik field, its error tied to it for screen readers. */
export function TextField({ transform, display, ...props }: TextFieldProps) {
  const ids = useMessageIds();
  const { setFieldValue } = useFormikContext();
  const { name } = props;
  const bound = useBound<string>(name, {
    adopt: (early) => void setFieldValue(name, transform ? transform(early) : early),
  });
  const transformed = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      void setFieldValue(name, transform!(event.target.value)),
    [setFieldValue, name, transform],
  );
  return (
    <TextFieldView
      {...props}
      {...bound}
      value={display ? display(bound.value ?? '') : bound.value}
      onChange={transform ? transformed : bound.onChange}
      ids={ids}
    />
  );
}

type TextareaFieldProps = BaseFieldProps & { rows?: number; maxLength?: number };

const TextareaFieldView = memo(function TextareaFieldView(
  props: TextareaFieldProps & BoundState<string> & { ids: MessageIds },
) {
  return (
    <LabelledField {...props}>
      <Textarea {...controlProps(props)} rows={props.rows} maxLength={props.maxLength} />
    </LabelledField>
  );
});

/** A labelled multi-line text bound to a formik field (comments, descriptions). */
export function TextareaField(props: TextareaFieldProps) {
  const ids = useMessageIds();
  return <TextareaFieldView {...props} {...useBound<string>(props.name)} ids={ids} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = BaseFieldProps & { options: readonly SelectOption[]; placeholder: string };

const SelectFieldView = memo(function SelectFieldView(
  props: SelectFieldProps & BoundState<string> & { ids: MessageIds },
) {
  return (
    <LabelledField {...props}>
      <NativeSelect.Root>
        <NativeSelect.Field {...controlProps(props)}>
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
  );
});

/** A native select (keyboard and screen-reader friendly on every phone) bound to formik. */
export function SelectField(props: SelectFieldProps) {
  const ids = useMessageIds();
  return <SelectFieldView {...props} {...useBound<string>(props.name)} ids={ids} />;
}

type CheckboxFieldProps = BaseFieldProps & { children: ReactNode };

const CheckboxFieldView = memo(function CheckboxFieldView(
  props: CheckboxFieldProps &
    Omit<BoundState<boolean>, 'onChange'> & {
      ids: MessageIds;
      onCheckedChange: (checked: boolean) => void;
    },
) {
  return (
    <Field.Root
      invalid={Boolean(props.shownError)}
      disabled={props.disabled}
      ids={{ errorText: props.ids.errorText, helperText: props.ids.helperText }}
    >
      <Checkbox.Root
        checked={Boolean(props.value)}
        onCheckedChange={(details) => props.onCheckedChange(details.checked === true)}
        name={props.name}
      >
        <Checkbox.HiddenInput
          ref={props.control}
          onBlur={props.onBlur}
          aria-describedby={describedBy(props.ids, props.shownError, undefined)}
        />
        <Checkbox.Control />
        <Checkbox.Label>{props.children}</Checkbox.Label>
      </Checkbox.Root>
      {props.shownError ? <Field.ErrorText>{props.shownError}</Field.ErrorText> : null}
    </Field.Root>
  );
});

/** A checkbox bound to a boolean formik field (terms, consent, acknowledgement). */
export function CheckboxField(props: CheckboxFieldProps) {
  const ids = useMessageIds();
  const { setFieldValue, setFieldTouched } = useFormikContext();
  const { name } = props;
  const onCheckedChange = useCallback(
    (checked: boolean) => {
      void setFieldValue(name, checked);
      void setFieldTouched(name, true, false);
    },
    [setFieldValue, setFieldTouched, name],
  );
  const { onChange: _onChange, ...bound } = useBound<boolean>(name, {
    type: 'checkbox',
    adopt: onCheckedChange,
  });
  return <CheckboxFieldView {...props} {...bound} onCheckedChange={onCheckedChange} ids={ids} />;
}
