import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { validateEmail } from '@lending/domain';
import { masterApi, registrationApi } from '@lending/platform';

/** Problems only the server can tell, shown live beside their fields and blocking submit. */
export interface LiveChecks {
  brnTaken: boolean;
  emailTaken: boolean;
  partnerInvalid: boolean;
  postcode: 'idle' | 'loading' | 'notFound' | { city: string; state: string };
}

export type SetLiveChecks = Dispatch<SetStateAction<LiveChecks>>;

export const NO_LIVE_PROBLEMS: LiveChecks = {
  brnTaken: false,
  emailTaken: false,
  partnerInvalid: false,
  postcode: 'idle',
};

export function blocksSubmit(live: LiveChecks): boolean {
  return live.brnTaken || live.emailTaken || live.partnerInvalid || live.postcode === 'notFound';
}

/** Whether the business registration number is already registered. */
export function useBusinessNumberCheck(brn: string, invalid: boolean, setLive: SetLiveChecks) {
  // The number is checked once it is complete and well formed (on blur or when it settles).
  useEffect(() => {
    if (invalid || !/^\d{12}$/.test(brn.replace(/[\s-]/g, ''))) {
      setLive((l) => ({ ...l, brnTaken: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .businessExists(brn)
        .then((exists) => current && setLive((l) => ({ ...l, brnTaken: exists })))
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [brn, invalid, setLive]);
}

/** The city and state of a five-digit postcode, or that it does not exist. */
export function usePostcodeLookup(postcode: string, setLive: SetLiveChecks) {
  useEffect(() => {
    if (!/^\d{5}$/.test(postcode)) {
      setLive((l) => ({ ...l, postcode: 'idle' }));
      return undefined;
    }
    let current = true;
    setLive((l) => ({ ...l, postcode: 'loading' }));
    masterApi
      .postcode(postcode)
      .then((found) => {
        if (!current) return;
        setLive((l) => ({
          ...l,
          postcode: found ? { city: found.city.name, state: found.state.name } : 'notFound',
        }));
      })
      .catch(() => current && setLive((l) => ({ ...l, postcode: 'idle' })));
    return () => {
      current = false;
    };
  }, [postcode, setLive]);
}

/** Whether the email already belongs to an account (asked with the phone, as the API wants). */
export function useContactCheck(email: string, phoneE164: string, setLive: SetLiveChecks) {
  useEffect(() => {
    const valid = validateEmail(email);
    if (!valid.ok || !phoneE164) {
      setLive((l) => ({ ...l, emailTaken: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .contactExists(valid.email, phoneE164)
        .then((found) => current && setLive((l) => ({ ...l, emailTaken: found.emailExisted })))
        .catch(() => undefined);
    }, 500);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [email, phoneE164, setLive]);
}

/** Whether a partner ID, when one is given, exists. */
export function usePartnerCheck(partnerId: string, setLive: SetLiveChecks) {
  useEffect(() => {
    if (!partnerId) {
      setLive((l) => ({ ...l, partnerInvalid: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .partnerIsValid(partnerId)
        .then((valid) => current && setLive((l) => ({ ...l, partnerInvalid: !valid })))
        .catch(() => undefined);
    }, 500);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [partnerId, setLive]);
}
