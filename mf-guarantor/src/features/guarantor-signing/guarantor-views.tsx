import type { SigningDocument, SigningDocumentKind } from '@lending/contracts';
import { useT } from '@lending/platform';
import {
  SigningCodeEntry,
  type SigningCodeEntryProps,
  SigningCodeRequest,
  type SigningCodeRequestProps,
  SigningDocuments,
  SigningNotDone,
} from '@lending/ui/screens';

import { SignedNotice } from './identity-views';

/** The deed of guarantee and the privacy notice, each read in the page, then an explicit
 *  "I have read them" before asking for the code. */
export function AgreementReader(props: {
  documents: readonly SigningDocument[];
  agreementNo: string;
  load: (kind: SigningDocumentKind) => Promise<Blob>;
  onOpened: () => void;
  onContinue: () => void;
}) {
  const { t } = useT('mf-guarantor');
  return (
    <SigningDocuments
      documents={props.documents}
      load={props.load}
      onOpened={props.onOpened}
      fileName={(kind) => `${props.agreementNo}-${kind.toLowerCase().replace('_', '-')}`}
      intro={t('guarantor.read.intro', { agreementNo: props.agreementNo })}
      confirm={t('guarantor.read.confirm')}
      onContinue={props.onContinue}
    />
  );
}

/** Asks for the signing code by SMS to the guarantor's phone. */
export function CodeRequest(props: Omit<SigningCodeRequestProps, 'labels'>) {
  const { t } = useT('mf-guarantor');
  return (
    <SigningCodeRequest
      {...props}
      labels={{ intro: t('guarantor.code.intro'), continue: t('guarantor.code.continue') }}
    />
  );
}

/** The 6-digit code and the guarantor's signature. */
export function SignWithCode(props: Omit<SigningCodeEntryProps, 'intro'>) {
  const { t } = useT('mf-guarantor');
  return <SigningCodeEntry {...props} intro={t('guarantor.sign.intro')} />;
}

/** After signing: thanks and the signed copy; before it, the way back to sign. */
export function SigningOutcome(props: {
  signed: boolean;
  agreementNo: string;
  notSignedMessage?: string;
  backLabel?: string;
  onViewAgreement: () => void;
  onBack: () => void;
}) {
  if (!props.signed) {
    return (
      <SigningNotDone
        message={props.notSignedMessage}
        backLabel={props.backLabel}
        onBack={props.onBack}
      />
    );
  }
  return <SignedNotice agreementNo={props.agreementNo} onViewAgreement={props.onViewAgreement} />;
}
