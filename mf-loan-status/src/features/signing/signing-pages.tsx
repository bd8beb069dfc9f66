import type { SigningCodeSent, SigningState } from '@lending/contracts';
import { errorMessage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame, Stack } from '@lending/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { agreementFiles, openAgreementFile } from '../../journey/agreement-files';
import { CancelAgreementControl } from '../../journey/cancel-agreement';
import { signingApi } from './signing-api';
import { AgreementReader, CodeRequest, SigningOutcome, SignWithCode } from './signing-views';

/** The agreement the journey is about travels in the address, so every step can be reloaded. */
function useAgreementId(): string {
  return useSearchParams()[0].get('agreementId') ?? '';
}
const withId = (path: string, agreementId: string) =>
  `${path}?agreementId=${encodeURIComponent(agreementId)}`;

function useSigningState(agreementId: string) {
  return useServerQuery({
    queryKey: ['signing', agreementId],
    queryFn: () => signingApi.state(agreementId),
    enabled: agreementId !== '',
  });
}

/** A step over the agreement's signing state: loading and a failure with retry said the same way
 *  on each, the step itself once the state is there. */
function SigningFrame(props: {
  title: string;
  maxW: '2xl' | '4xl';
  query: ReturnType<typeof useSigningState>;
  children: (state: SigningState) => ReactNode;
}) {
  const { t } = useT('mf-loan-status');
  return (
    <PageFrame title={props.title}>
      <Stack gap={5} maxW={props.maxW}>
        <LoadStatus
          {...loadStatusOf(props.query)}
          loadingLabel={t('signing.loading')}
          errorTitle={t('signing.failed')}
        />
        {props.query.data ? props.children(props.query.data) : null}
      </Stack>
    </PageFrame>
  );
}

/** The PDF as an address the page can show inline; released when the screen goes. */
function useDocumentUrl(agreementId: string, sha: string | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!sha) return undefined;
    let made: string | null = null;
    let live = true;
    void signingApi.document(agreementId).then((blob) => {
      if (!live) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [agreementId, sha]);
  return url;
}

export function LoanAgreementPage() {
  const { t } = useT('mf-loan-status');
  const agreementId = useAgreementId();
  const navigate = useNavigate();
  const query = useSigningState(agreementId);
  const url = useDocumentUrl(agreementId, query.data?.documentSha256);
  return (
    <SigningFrame title={t('screens.loanAgreement.title')} maxW="4xl" query={query}>
      {(state) => (
        <>
          <AgreementReader
            documentUrl={url}
            agreementNo={state.agreementNo}
            onContinue={() => void navigate(withId('/loan-status/request-tac', agreementId))}
          />
          {!state.signedAt ? <CancelAgreementControl agreementId={agreementId} /> : null}
        </>
      )}
    </SigningFrame>
  );
}

export function RequestTacPage() {
  const { t } = useT('mf-loan-status');
  const agreementId = useAgreementId();
  const navigate = useNavigate();
  const [sent, setSent] = useState<SigningCodeSent | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setSent(await signingApi.requestCode(agreementId));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <PageFrame title={t('screens.requestTac.title')}>
      <Stack gap={5} maxW="2xl">
        <CodeRequest
          sent={sent}
          sending={sending}
          error={error}
          onSend={() => void send()}
          onContinue={() => void navigate(withId('/loan-status/digital-signing', agreementId))}
        />
      </Stack>
    </PageFrame>
  );
}

export function DigitalSigningPage() {
  const { t } = useT('mf-loan-status');
  const agreementId = useAgreementId();
  const navigate = useNavigate();
  const query = useSigningState(agreementId);
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sign = async (code: string) => {
    if (!query.data) return;
    setSigning(true);
    setError(null);
    try {
      await signingApi.sign(agreementId, code, query.data.documentSha256);
      void navigate(withId('/loan-status/application-complete', agreementId));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSigning(false);
    }
  };
  return (
    <SigningFrame title={t('screens.digitalSigning.title')} maxW="2xl" query={query}>
      {() => (
        <SignWithCode
          signing={signing}
          error={error}
          onSign={(code) => void sign(code)}
          onNewCode={() => void navigate(withId('/loan-status/request-tac', agreementId))}
        />
      )}
    </SigningFrame>
  );
}

export function ApplicationCompletePage() {
  const { t } = useT('mf-loan-status');
  const agreementId = useAgreementId();
  const navigate = useNavigate();
  const query = useSigningState(agreementId);
  const [error, setError] = useState<string | null>(null);
  const open = (load: () => Promise<Blob>, downloadAs?: string) => {
    setError(null);
    openAgreementFile(load, downloadAs).catch((failure: unknown) =>
      setError(errorMessage(failure)),
    );
  };
  return (
    <SigningFrame title={t('screens.applicationComplete.title')} maxW="2xl" query={query}>
      {(state) => (
        <SigningOutcome
          status={state.status}
          guarantors={state.guarantors}
          onViewAgreement={() => open(() => agreementFiles.signed(agreementId))}
          onDownloadAgreement={() =>
            open(() => agreementFiles.signed(agreementId), `${state.agreementNo}.pdf`)
          }
          onViewECertificate={() => open(() => agreementFiles.eCertificate(agreementId))}
          error={error}
          onBack={() => void navigate(withId('/loan-status/loan-agreement', agreementId))}
        />
      )}
    </SigningFrame>
  );
}
