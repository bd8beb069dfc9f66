import type { GuarantorLinkState, SigningCodeSent } from '@lending/contracts';
import { errorMessage, useT } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { guarantorApi } from './guarantor-api';
import { LinkGate, linkKey, useToken, withToken } from './guarantor-link';
import { AgreementReader, CodeRequest, SigningOutcome, SignWithCode } from './guarantor-views';

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
  return (
    <AgreementReader
      documents={props.link.documents}
      agreementNo={props.link.agreementNo}
      load={(kind) => guarantorApi.readDocument(props.token, props.link.guarantorId, kind)}
      // The server now has it as opened: the request-code step reads that from the link.
      onOpened={() => void queryClient.invalidateQueries({ queryKey: linkKey(props.token) })}
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
  const { t } = useT('mf-guarantor');
  const unread = props.link.documents.some((document) => document.openedAt === null);
  return (
    <CodeRequest
      sent={sent}
      sending={sending}
      error={error}
      // The code waits until every document was opened (the server refuses it before).
      blocked={unread ? t('ui:signing.documents.blocked') : undefined}
      onBlocked={() => void navigate(withToken('loan-agreement', props.token))}
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
