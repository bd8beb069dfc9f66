import { validateEmail } from '@lending/domain';
import { masterApi, registrationApi } from '@lending/platform';
import { type Dispatch, type SetStateAction, useCallback, useEffect } from 'react';

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

type LiveFlag = 'brnTaken' | 'emailTaken' | 'partnerInvalid';

/** Raises or lowers `flag` by what `ask` answers about `input` once it has stayed the same for
 *  `delayMs`, and lowers it while there is nothing to ask (`input` null). An answer to an input
 *  since changed, or a failed one, is dropped: the flag speaks only of what is typed now. */
export function useSettledCheck(
  flag: LiveFlag,
  input: string | null,
  ask: (input: string) => Promise<boolean>,
  delayMs: number,
  setLive: SetLiveChecks,
) {
  useEffect(() => {
    const set = (raised: boolean) =>
      setLive((l) => (l[flag] === raised ? l : { ...l, [flag]: raised }));
    if (input === null) {
      set(false);
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      ask(input)
        .then((raised) => current && set(raised))
        .catch(() => undefined);
    }, delayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [flag, input, ask, delayMs, setLive]);
}

const partnerUnknown = async (partnerId: string) =>
  !(await registrationApi.partnerIsValid(partnerId));

/** Whether the business registration number is already registered. Asked only once the bot
 *  check is passed (`botPass`): before that, registering is what says so. */
export function useBusinessNumberCheck(
  brn: string,
  invalid: boolean,
  botPass: string | null,
  setLive: SetLiveChecks,
) {
  // The number is checked once it is complete and well formed (on blur or when it settles).
  const complete = !invalid && /^\d{12}$/.test(brn.replace(/[\s-]/g, ''));
  const businessExists = useCallback(
    (number: string) => registrationApi.businessExists(number, botPass ?? ''),
    [botPass],
  );
  useSettledCheck('brnTaken', complete && botPass ? brn : null, businessExists, 400, setLive);
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

/** Whether the email already belongs to an account (asked with the phone, as the API wants),
 *  once the bot check is passed (`botPass`). */
export function useContactCheck(
  email: string,
  phoneE164: string,
  botPass: string | null,
  setLive: SetLiveChecks,
) {
  const valid = validateEmail(email);
  const emailExists = useCallback(
    async (validEmail: string) =>
      (await registrationApi.contactExists(validEmail, phoneE164, botPass ?? '')).emailExisted,
    [phoneE164, botPass],
  );
  useSettledCheck(
    'emailTaken',
    valid.ok && phoneE164 && botPass ? valid.email : null,
    emailExists,
    500,
    setLive,
  );
}

/** Whether a partner ID, when one is given, exists. */
export function usePartnerCheck(partnerId: string, setLive: SetLiveChecks) {
  useSettledCheck('partnerInvalid', partnerId || null, partnerUnknown, 500, setLive);
}
