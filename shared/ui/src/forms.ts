// The form fields read the form through formik's context: only screens with a form load them
// (and formik), not the public pages.
export {
  CheckboxField,
  SelectField,
  TextField,
  TextareaField,
  type SelectOption,
} from './form/fields';
export { IdentityNumberField } from './form/identity-number-field';
export { FormSubmit, type FormSubmitProps } from './form/form-submit';
export { HOLD_EARLY_SUBMIT } from './form/held-submit';
export { FocusFirstError } from './form/focus-first-error';
export { PhoneField, PHONE_COUNTRY_CODES, type PhoneFieldProps } from './form/phone-field';
export { CaptchaBox, type CaptchaBoxProps, type CaptchaLabels } from './form/captcha-box';
export {
  AddressFields,
  POSTCODE_PATTERN,
  type AddressFieldLabels,
  type AddressFieldsProps,
  type PostcodeState,
} from './form/address-fields';
export { InstantFormik, type SyncSchema } from './form/instant-formik';
