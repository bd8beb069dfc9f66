import {
  Formik,
  type FormikConfig,
  type FormikErrors,
  type FormikProps,
  FormikProvider,
  type FormikState,
  type FormikValues,
  validateYupSchema,
  yupToFormErrors,
} from 'formik';
import { type ChangeEvent, type FocusEvent, type ReactNode, useCallback } from 'react';

/** A yup schema whose rules all answer at once (none waits on the network): checked at once
 *  as the form changes, and formik's way when it is sent. */
export interface SyncSchema {
  validateSync(value: unknown, options?: object): unknown;
  validate(value: unknown, options?: object): Promise<unknown>;
}

type InstantFormikProps<V extends FormikValues> = Omit<
  FormikConfig<V>,
  'validationSchema' | 'validate' | 'validateOnChange' | 'validateOnBlur' | 'children'
> & {
  validationSchema: SyncSchema;
  children: ReactNode | ((formik: FormikProps<V>) => ReactNode);
};

function errorsOf<V extends FormikValues>(schema: SyncSchema, values: V): FormikErrors<V> {
  try {
    validateYupSchema(values, schema, true);
    return {};
  } catch (error) {
    if ((error as { name?: string }).name !== 'ValidationError') throw error;
    return yupToFormErrors<V>(error);
  }
}

/** Errors are plain data: strings, in objects and arrays as deep as the values. */
function sameErrors(one: unknown, other: unknown): boolean {
  if (one === other) return true;
  if (typeof one !== 'object' || typeof other !== 'object' || !one || !other) return false;
  const keys = Object.keys(one);
  return (
    keys.length === Object.keys(other).length &&
    keys.every((key) =>
      sameErrors((one as Record<string, unknown>)[key], (other as Record<string, unknown>)[key]),
    )
  );
}

function withErrorsOf<V extends FormikValues>(schema: SyncSchema) {
  return (state: FormikState<V>): FormikState<V> => {
    const errors = errorsOf(schema, state.values);
    return sameErrors(errors, state.errors) ? state : { ...state, errors };
  };
}

/** Checks the form after a change made without formik's own check, when the caller asks. */
function thenCheck<R>(result: R, validate: boolean | undefined, check: () => void): R {
  if (validate ?? true) check();
  return result;
}

/**
 * Formik whose schema is checked in the same pass as the change it checks.
 *
 * Formik checks its schema after every change in a promise, and flags that it is checking, so a
 * keystroke drew the form twice: once with the value, once with its errors. Here the form's own
 * checks are off and every change made through the form (a control's change or blur, a value or
 * touch set by code) is followed by the schema checked at once against the state it left, in the
 * same event: one drawing per keystroke. Sending the form still checks it formik's way.
 */
export function InstantFormik<V extends FormikValues>(props: InstantFormikProps<V>) {
  const { children, ...config } = props;
  return (
    <Formik<V> {...config} validateOnChange={false} validateOnBlur={false}>
      {(formik) => (
        <CheckedAsChanged formik={formik} schema={config.validationSchema}>
          {children}
        </CheckedAsChanged>
      )}
    </Formik>
  );
}

function CheckedAsChanged<V extends FormikValues>(props: {
  formik: FormikProps<V>;
  schema: SyncSchema;
  children: InstantFormikProps<V>['children'];
}) {
  const { formik, schema, children } = props;
  const {
    setFormikState,
    handleChange: changeOnly,
    handleBlur: blurOnly,
    setFieldValue: setValueOnly,
    setFieldTouched: touchOnly,
    setValues: setValuesOnly,
    setTouched: setTouchedOnly,
    getFieldProps: fieldPropsOnly,
    getFieldHelpers: fieldHelpersOnly,
  } = formik;

  // Formik hands the callback the state as the dispatches before it in this event left it.
  const check = useCallback(
    () => setFormikState(withErrorsOf<V>(schema)),
    [schema, setFormikState],
  );

  const handleChange = useCallback(
    (eventOrPath: string | ChangeEvent<unknown>) => {
      if (typeof eventOrPath !== 'string') return thenCheck(changeOnly(eventOrPath), true, check);
      return (event: string | ChangeEvent<unknown>) =>
        thenCheck(changeOnly(eventOrPath)(event), true, check);
    },
    [changeOnly, check],
  ) as FormikProps<V>['handleChange'];
  const handleBlur = useCallback(
    (eventOrPath: string | FocusEvent<unknown>) => {
      if (typeof eventOrPath !== 'string') return thenCheck(blurOnly(eventOrPath), true, check);
      return (event: FocusEvent<unknown>) => thenCheck(blurOnly(eventOrPath)(event), true, check);
    },
    [blurOnly, check],
  ) as FormikProps<V>['handleBlur'];
  const setFieldValue = useCallback<FormikProps<V>['setFieldValue']>(
    (field, value, validate) => thenCheck(setValueOnly(field, value, false), validate, check),
    [setValueOnly, check],
  );
  const setFieldTouched = useCallback<FormikProps<V>['setFieldTouched']>(
    (field, touched, validate) => thenCheck(touchOnly(field, touched, false), validate, check),
    [touchOnly, check],
  );
  const setValues = useCallback<FormikProps<V>['setValues']>(
    (values, validate) => thenCheck(setValuesOnly(values, false), validate, check),
    [setValuesOnly, check],
  );
  const setTouched = useCallback<FormikProps<V>['setTouched']>(
    (touched, validate) => thenCheck(setTouchedOnly(touched, false), validate, check),
    [setTouchedOnly, check],
  );
  const getFieldProps = useCallback<FormikProps<V>['getFieldProps']>(
    (nameOrOptions) => ({
      ...fieldPropsOnly(nameOrOptions),
      onChange: handleChange,
      onBlur: handleBlur,
    }),
    [fieldPropsOnly, handleChange, handleBlur],
  );
  const getFieldHelpers = useCallback<FormikProps<V>['getFieldHelpers']>(
    // Formik is never asked to check here, so its promises carry no errors.
    (name) => ({
      ...fieldHelpersOnly(name),
      setValue: (value, validate) => setFieldValue(name, value, validate) as Promise<void>,
      setTouched: (touched, validate) => setFieldTouched(name, touched, validate) as Promise<void>,
    }),
    [fieldHelpersOnly, setFieldValue, setFieldTouched],
  );

  const instant: FormikProps<V> = {
    ...formik,
    handleChange,
    handleBlur,
    setFieldValue,
    setFieldTouched,
    setValues,
    setTouched,
    getFieldProps,
    getFieldHelpers,
    validateOnChange: true,
    validateOnBlur: true,
  };
  const drawn = typeof children === 'function' ? children(instant) : children;
  return <FormikProvider value={instant}>{drawn}</FormikProvider>;
}
