import { type RefObject, useEffect } from 'react';

/** A form on a page rendered at build time can be sent before the app has taken the page over (a
 *  quick tap on a slow phone). The browser would then send it as a plain page load, to an address
 *  that answers with the same empty page: the tap lost, and the page's language with it. Such a
 *  page carries this script inline right after its markup, before the app's scripts: it holds
 *  back the submit of a form of that markup until the app drives it. Forms the app draws later
 *  (another screen, a dialog) were never in the markup and are never held. */
export const HOLD_EARLY_SUBMIT =
  '(function(){var drawn=[].slice.call(document.forms);document.addEventListener("submit",function(e){var l=window.liveForms;if(drawn.indexOf(e.target)>=0&&!(l&&l.has(e.target))){e.preventDefault();e.stopPropagation();window.heldSubmit={form:e.target,submitter:e.submitter}}},true)})()';

declare global {
  interface Window {
    liveForms?: WeakSet<HTMLFormElement>;
    heldSubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  }
}

const fieldNames = (form: HTMLFormElement) =>
  Array.from(form.elements, (element) => element.getAttribute('name') ?? '').join(' ');

/** The held form, or the one drawn in its place: hydration keeps the page's elements, but a part
 *  React could not match is drawn anew, and the new form is known by its fields. */
function isHeldForm(held: HTMLFormElement, form: HTMLFormElement): boolean {
  return held === form || (!held.isConnected && fieldNames(held) === fieldNames(form));
}

/** Once the form of `button` is the app's (its handlers attached), lets its submits through and
 *  sends the one held back before, if any. An effect of the form's own part of the page, not of
 *  the page: parts of a page are taken over one by one. */
export function useAnswerHeldSubmit(button: RefObject<HTMLButtonElement | null>): void {
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    (window.liveForms ??= new WeakSet()).add(form);
    const held = window.heldSubmit;
    if (!held || !isHeldForm(held.form, form)) return;
    delete window.heldSubmit;
    const submitter = held.form === form ? held.submitter : button.current;
    form.requestSubmit(submitter ?? undefined);
  }, [button]);
}
