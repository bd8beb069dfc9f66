import { type RefObject, useEffect, useState } from 'react';

/** A form on a page rendered at build time can be used before the app has taken the page over (a
 *  quick tap on a slow phone). Typed text stays on screen, but the app starts from the form's
 *  empty values; and a send would go as a plain page load, to an address that answers with the
 *  same empty page: the tap lost, and the page's language with it. Such a page carries this script
 *  inline right after its markup, before the app's scripts: it notes the controls of the forms of
 *  that markup (so the app knows what was on the page before it), and holds back their submits
 *  until the app drives the form. Forms the app draws later (another screen, a dialog) were never
 *  in the markup and are never held. */
export const HOLD_EARLY_SUBMIT =
  '(function(){var drawn=[].slice.call(document.forms),c=window.drawnControls=new WeakSet();drawn.forEach(function(f){[].forEach.call(f.elements,function(e){c.add(e)})});document.addEventListener("submit",function(e){var l=window.liveForms;if(drawn.indexOf(e.target)>=0&&!(l&&l.has(e.target))){e.preventDefault();e.stopPropagation();window.heldSubmit={form:e.target,submitter:e.submitter}}},true)})()';

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    drawnControls?: WeakSet<Element>;
    liveForms?: WeakSet<HTMLFormElement>;
    heldSubmit?: HeldSubmit;
  }
}

export type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Takes into the form what was typed, chosen or ticked in `control` before the app took the
 *  page over: the browser kept it on screen while the form's values still held the start, so a
 *  blur would call the field empty and a send would lose it. Read once, when the field first is
 *  the app's, and only from a control of the rendered markup: one the app drew shows its value. */
export function useAdoptEarlyInput<V extends string | boolean>(
  control: RefObject<FormControl | null>,
  shown: V,
  adopt: (early: V) => void,
): void {
  useEffect(() => {
    const element = control.current;
    if (!element || !window.drawnControls?.has(element)) return;
    const early = (
      typeof shown === 'boolean' ? (element as HTMLInputElement).checked : element.value
    ) as V;
    if (early !== shown) adopt(early);
    // Once: what is typed afterwards arrives as change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
  const [answer, setAnswer] = useState<HeldSubmit | null>(null);
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    (window.liveForms ??= new WeakSet()).add(form);
    const held = window.heldSubmit;
    if (!held || !isHeldForm(held.form, form)) return;
    delete window.heldSubmit;
    // Sent on the next pass, not this one: the fields above take in what was typed early in this
    // pass, and the form reads its values as last drawn.
    setAnswer({ form, submitter: held.form === form ? held.submitter : button.current });
  }, [button]);
  useEffect(() => {
    // Set once in the life of the form, so sent once.
    if (answer) answer.form.requestSubmit(answer.submitter ?? undefined);
  }, [answer]);
}
