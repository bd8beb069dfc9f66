import type { SigningCodeSent, SigningState } from '@lending/contracts';
import { errorMessage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { agreementFiles, openAgreementFile } from '../../journey/agreement-files';
import { CancelAgreementControl } from '../../journey/cancel-agreement';
import { signingApi } from './signing-api';
import {
  AgreementReader,
  allOpened,
  CodeRequest,
  SigningOutcome,
  SignWithCode,
} from './signing-views';

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

/** A step opened without an agreement (a bookmark, a link typed by hand): there is nothing to
 *  load, so it says so and leads to the home page, whose card names the next step. */
function NoAgreement() {
  const { t } = useT('mf-loan-status');
  return (
    <Stack gap={4} align="flex-start" data-testid="no-agreement">
      <Text>{t('signing.none')}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/home">{t('signing.toHome')}</RouterLink>
      </Button>
    </Stack>
  );
}

/** A step over the agreement's signing state: loading and a failure with retry said the same way
 *  on each, the step itself once the state is there. */
function SigningFrame(props: {
  title: string;
  maxW: '2xl' | '4xl';
  agreementId: string;
  query: ReturnType<typeof useSigningState>;
  children: (state: SigningState) => ReactNode;
}) {
  const { t } = useT('mf-loan-status');
  if (props.agreementId === '') {
    return (
      <PageFrame title={props.title}>
        <NoAgreement />
      </PageFrame>
    );
  }
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

export function LoanAgreementPage() {
  const { t } = useT('mf-loan-status');
  const agreementId = useAgreementId();
  const navigate = useNavigate();
  const query = useSigningState(agreementId);
  return (
    <SigningFrame
      title={t('screens.loanAgreement.title')}
      maxW="4xl"
      agreementId={agreementId}
      query={query}
    >
      {(state) => (
        <>
          <AgreementReader
            documents={state.documents}
            agreementNo={state.agreementNo}
            load={(kind) => signingApi.readDocument(agreementId, kind)}
            // The server now has it as opened: the request-code step reads that.
            onOpened={() => void query.refetch()}
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
  const query = useSigningState(agreementId);
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
    <SigningFrame
      title={t('screens.requestTac.title')}
      maxW="2xl"
      agreementId={agreementId}
      query={query}
    >
      {(state) => (
        <CodeRequest
          sent={sent}
          sending={sending}
          error={error}
          // The code waits until every document was opened (the server refuses it before).
          blocked={allOpened(state.documents) ? undefined : t('ui:signing.documents.blocked')}
          onBlocked={() => void navigate(withId('/loan-status/loan-agreement', agreementId))}
          onSend={() => void send()}
          onContinue={() => void navigate(withId('/loan-status/digital-signing', agreementId))}
        />
      )}
    </SigningFrame>
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
    <SigningFrame
      title={t('screens.digitalSigning.title')}
      maxW="2xl"
      agreementId={agreementId}
      query={query}
    >
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
    <SigningFrame
      title={t('screens.applicationComplete.title')}
      maxW="2xl"
      agreementId={agreementId}
      query={query}
    >
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
