import { bus } from '@lending/platform';

import { emptyRegistration, type RegistrationFormValues } from './registration-schema';

/** What is typed into the registration form, kept for this tab only (session storage) so a
 *  refresh or the back button loses nothing. Never the password or its confirmation; the terms
 *  and the bot check are asked again. */
const KEY = 'registration-draft';

type Kept = Omit<RegistrationFormValues, 'password' | 'passwordConfirmation' | 'termsAccepted'>;

function kept(values: RegistrationFormValues): Kept {
  const {
    password: _password,
    passwordConfirmation: _confirmation,
    termsAccepted: _terms,
    ...rest
  } = values;
  return rest;
}

export function saveRegistrationDraft(values: RegistrationFormValues): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(kept(values)));
  } catch {
    // Storage full or disabled: the form simply is not kept.
  }
}

/** The empty form with what this tab kept, field by field, of the known fields only. */
export function loadRegistrationDraft(phoneNo = ''): RegistrationFormValues {
  const empty = emptyRegistration(phoneNo);
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return empty;
    const stored = JSON.parse(raw) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...empty };
    for (const [name, value] of Object.entries(kept(empty))) {
      if (typeof stored[name] === typeof value) merged[name] = stored[name];
    }
    // A phone number in the link that brought the person here wins over an older draft.
    if (phoneNo) merged.applicantContactNo = empty.applicantContactNo;
    return merged as unknown as RegistrationFormValues;
  } catch {
    return empty;
  }
}

export function clearRegistrationDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

// Signing out leaves nothing of the form behind in the tab.
bus.on('session.changed').subscribe(({ loggedIn }) => {
  if (!loggedIn) clearRegistrationDraft();
});
