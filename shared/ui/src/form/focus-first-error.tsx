import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * Put inside a formik form: after a refused submit, focus moves to the first field in error, so
 * a keyboard or screen-reader user lands on what to fix (its error is tied to it).
 */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const anchor = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    const form = anchor.current?.closest('form');
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid]);
  return <span ref={anchor} hidden />;
}
