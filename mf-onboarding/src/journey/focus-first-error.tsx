import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/** After a refused submit, moves focus to the first field marked invalid, so keyboard and
 *  screen-reader users land on what to fix (its error is read with it). */
export function FocusFirstError({ extraRefusal = false }: { extraRefusal?: boolean }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0 && !extraRefusal) return;
    // After this render, once the errors are on the page.
    window.setTimeout(() => {
      const first = document.querySelector<HTMLElement>(
        'form [aria-invalid="true"], form [data-live-error="true"]',
      );
      first?.focus();
    }, 0);
  }, [submitCount, isSubmitting, isValidating, errors, extraRefusal]);
  return null;
}
