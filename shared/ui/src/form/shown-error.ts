import { type FieldMetaProps, useFormikContext } from 'formik';
import { useState } from 'react';

/** A field's error, once it is to be shown: when the visitor has left the field after changing
 *  it, or when the form was sent. Leaving a field as it was says nothing yet: an empty field's
 *  "required" appearing as the pointer leaves it for a link below would move that link from
 *  under the press, and the press would be lost. */
export function useShownError(meta: FieldMetaProps<unknown>): string | undefined {
  const { submitCount } = useFormikContext();
  // Typed in, then cleared again, is a change all the same.
  const [changed, setChanged] = useState(false);
  if (!changed && meta.value !== meta.initialValue) setChanged(true);
  const edited = changed || meta.value !== meta.initialValue;
  return meta.touched && meta.error && (edited || submitCount > 0) ? meta.error : undefined;
}
