import type { GuarantorEkycStarted, GuarantorLinkState, SigningCodeSent } from '@lending/contracts';
import { errorMessage, httpStatus, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame, Stack } from '@lending/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { guarantorApi } from './guarantor-api';
import {
  AgreementReader,
  CodeRequest,
  IdentityCheck,
  LinkInvalid,
  SigningOutcome,
  SignWithCode,
  VerificationRetry,
} from './guarantor-views';

const POLL_MS = 3000;
const linkKey = (token: string) => ['guarantor-link', token];

/** The link's token travels in the address, so every step can be reloaded from the message. */
function useToken(): string {
  return useSearchParams()[0].get('token') ?? '';
}
const withToken = (path: string, token: string) =>
  `/guarantor-signing/${path}?token=${encodeURIComponent(token)}`;

function useLink(token: string, poll = false) {
  return useServerQuery({
    queryKey: linkKey(token),
    queryFn: () => guarantorApi.link(token),
    enabled: token !== '',
    // A refused token will not become valid by asking again.
    retry: false,
    refetchInterval: (query) =>
      poll &&
      query.state.data?.status === 'INVITED' &&
      query.state.data.identity?.state !== 'FAILED'
        ? POLL_MS
        : false,
  });
}

/** Every screen starts from the link: missing or refused (expired, replaced) ends here. */
function LinkGate(props: {
  title: string;
  token: string;
  poll?: boolean;
  children: (link: GuarantorLinkState) => ReactNode;
}) {
  const { t } = useT('mf-guarantor');
  const query = useLink(props.token, props.poll);
  const status = httpStatus(query.error);
  const refused = props.token === '' || status === 401 || status === 404;
  return (
    <PageFrame title={refused ? t('guarantor.invalid.heading') : props.title}>
      <Stack gap={5} maxW="4xl">
        {refused ? (
          <LinkInvalid />
        ) : (
          <>
            <LoadStatus
              {...loadStatusOf(query)}
              loadingLabel={t('guarantor.loading')}
              errorTitle={t('guarantor.failed')}
            />
            {query.data ? props.children(query.data) : null}
          </>
        )}
      </Stack>
    </PageFrame>
  );
}

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
      <SigningOutcome
        signed
        agreementNo={props.link.agreementNo}
        onViewAgreement={() => void navigate(withToken('signing-complete', props.token))}
        onBack={() => undefined}
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

/** The PDF as an address the page can show inline; released when the screen goes. */
function useDocumentUrl(token: string, link: GuarantorLinkState) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ready = link.status !== 'INVITED';
  useEffect(() => {
    if (!ready) return undefined;
    let made: string | null = null;
    let live = true;
    guarantorApi.document(token, link.guarantorId).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      (failure: unknown) => {
        if (live) setError(errorMessage(failure));
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [token, link.guarantorId, ready, link.documentSha256]);
  return { url, error };
}

/** Steps after identity need it verified: otherwise back to where it is done. */
function NeedsIdentity(props: { token: string }) {
  const { t } = useT('mf-guarantor');
  const navigate = useNavigate();
  return (
    <SigningOutcome
      signed={false}
      agreementNo=""
      notSignedMessage={t('guarantor.identity.first')}
      backLabel={t('guarantor.identity.back')}
      onViewAgreement={() => undefined}
      onBack={() => void navigate(withToken('identity-verification', props.token))}
    />
  );
}

function AgreementStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const document = useDocumentUrl(props.token, props.link);
  return (
    <AgreementReader
      documentUrl={document.url}
      agreementNo={props.link.agreementNo}
      error={document.error}
      onContinue={() => void navigate(withToken('request-tac', props.token))}
    />
  );
}

export function LoanAgreementPage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.loanAgreement.title')} token={token}>
      {(link) =>
        link.status === 'INVITED' ? (
          <NeedsIdentity token={token} />
        ) : (
          <AgreementStep link={link} token={token} />
        )
      }
    </LinkGate>
  );
}

function CodeStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const [sent, setSent] = useState<SigningCodeSent | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setSent(await guarantorApi.requestCode(props.token, props.link.guarantorId));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <CodeRequest
      sent={sent}
      sending={sending}
      error={error}
      onSend={() => void send()}
      onContinue={() => void navigate(withToken('digital-signing', props.token))}
    />
  );
}

export function RequestTacPage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.requestTac.title')} token={token}>
      {(link) =>
        link.status === 'INVITED' ? (
          <NeedsIdentity token={token} />
        ) : (
          <CodeStep link={link} token={token} />
        )
      }
    </LinkGate>
  );
}

function SignStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sign = async (code: string) => {
    if (!props.link.documentSha256) return;
    setSigning(true);
    setError(null);
    try {
      const signed = await guarantorApi.sign(
        props.token,
        props.link.guarantorId,
        code,
        props.link.documentSha256,
      );
      // The completion screen reads the link from the cache: it must already say SIGNED.
      queryClient.setQueryData(linkKey(props.token), signed);
      void navigate(withToken('signing-complete', props.token));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSigning(false);
    }
  };
  return (
    <SignWithCode
      signing={signing}
      error={error}
      onSign={(code) => void sign(code)}
      onNewCode={() => void navigate(withToken('request-tac', props.token))}
    />
  );
}

export function DigitalSigningPage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.digitalSigning.title')} token={token}>
      {(link) =>
        link.status === 'INVITED' ? (
          <NeedsIdentity token={token} />
        ) : (
          <SignStep link={link} token={token} />
        )
      }
    </LinkGate>
  );
}

function CompleteStep(props: { link: GuarantorLinkState; token: string }) {
  const navigate = useNavigate();
  const view = async () => {
    const blob = await guarantorApi.document(props.token, props.link.guarantorId);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  return (
    <SigningOutcome
      signed={props.link.status === 'SIGNED'}
      agreementNo={props.link.agreementNo}
      onViewAgreement={() => void view()}
      onBack={() => void navigate(withToken('loan-agreement', props.token))}
    />
  );
}

export function SigningCompletePage() {
  const { t } = useT('mf-guarantor');
  const token = useToken();
  return (
    <LinkGate title={t('screens.signingComplete.title')} token={token}>
      {(link) => <CompleteStep link={link} token={token} />}
    </LinkGate>
  );
}
