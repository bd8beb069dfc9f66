import type { GuarantorEkycStarted, GuarantorLinkState } from '@lending/contracts';
import { errorMessage, useT } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { guarantorApi } from './guarantor-api';
import { LinkGate, linkKey, useToken, withToken } from './guarantor-link';
import { IdentityCheck, SignedNotice, VerificationRetry } from './identity-views';

function useStartEkyc(token: string) {
  const [started, setStarted] = useState<GuarantorEkycStarted | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async (guarantorId: string): Promise<GuarantorEkycStarted | null> => {
    setStarting(true);
    setError(null);
    try {
      const made = await guarantorApi.startEkyc(token, guarantorId);
      setStarted(made);
      return made;
    } catch (failure) {
      setError(errorMessage(failure));
      return null;
    } finally {
      setStarting(false);
    }
  };
  return { started, starting, error, start };
}

function IdentityStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const ekyc = useStartEkyc(props.token);
  // A retry started on the previous screen hands its capture page over.
  const handed = (location.state as { started?: GuarantorEkycStarted } | null)?.started ?? null;
  const failed = props.link.status === 'INVITED' && props.link.identity?.state === 'FAILED';
  useEffect(() => {
    if (failed) void navigate(withToken('verification-retry', props.token), { replace: true });
  }, [failed, navigate, props.token]);
  if (props.link.status === 'SIGNED') {
    return (
      <SignedNotice
        agreementNo={props.link.agreementNo}
        onViewAgreement={() => void navigate(withToken('signing-complete', props.token))}
      />
    );
  }
  const waitingOn =
    ekyc.started ?? (props.link.identity?.state === 'PENDING' ? handed : null) ?? null;
  return (
    <IdentityCheck
      name={props.link.name}
      agreementNo={props.link.agreementNo}
      verified={props.link.status === 'VERIFIED'}
      started={waitingOn}
      starting={ekyc.starting}
      error={ekyc.error}
      onStart={() => void ekyc.start(props.link.guarantorId)}
      onContinue={() => void navigate(withToken('loan-agreement', props.token))}
    />
  );
}

export function IdentityVerificationPage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.identityVerification.title')} token={token} poll>
      {(link) => <IdentityStep link={link} token={token} />}
    </LinkGate>
  );
}

function RetryStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const ekyc = useStartEkyc(props.token);
  const retry = async () => {
    const started = await ekyc.start(props.link.guarantorId);
    if (started) {
      // The new attempt is pending on the server; without saying so here the identity screen
      // would read the old failure from the cache and send the guarantor straight back.
      queryClient.setQueryData<GuarantorLinkState>(linkKey(props.token), {
        ...props.link,
        identity: { state: 'PENDING', message: null },
      });
      void navigate(withToken('identity-verification', props.token), { state: { started } });
    }
  };
  return (
    <VerificationRetry
      reason={props.link.identity?.message ?? null}
      starting={ekyc.starting}
      error={ekyc.error}
      onRetry={() => void retry()}
    />
  );
}

export function VerificationRetryPage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.verificationRetry.title')} token={token}>
      {(link) => <RetryStep link={link} token={token} />}
    </LinkGate>
  );
}
