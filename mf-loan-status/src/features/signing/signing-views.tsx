import type { GuarantorProgress, SigningDocument, SigningDocumentKind } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Badge, Box, Button, ErrorNotice, Stack, Text } from '@lending/ui';
import {
  SigningCodeEntry,
  type SigningCodeEntryProps,
  SigningCodeRequest,
  type SigningCodeRequestProps,
  SigningDocuments,
  SigningNotDone,
} from '@lending/ui/screens';

/** The agreement and the notices the borrower accepts, each read in the page, then an explicit
 *  "I have read them" before asking for the code. */
export function AgreementReader(props: {
  documents: readonly SigningDocument[];
  agreementNo: string;
  load: (kind: SigningDocumentKind) => Promise<Blob>;
  onOpened: () => void;
  onContinue: () => void;
}) {
  const { t } = useT('mf-loan-status');
  return (
    <SigningDocuments
      documents={props.documents}
      load={props.load}
      onOpened={props.onOpened}
      fileName={(kind) => `${props.agreementNo}-${kind.toLowerCase().replace('_', '-')}`}
      intro={t('signing.read.intro', { agreementNo: props.agreementNo })}
      confirm={t('signing.read.confirm')}
      onContinue={props.onContinue}
    />
  );
}

/** Asks for the signing code by SMS to the borrower's registered number. */
export function CodeRequest(props: Omit<SigningCodeRequestProps, 'labels'>) {
  const { t } = useT('mf-loan-status');
  return (
    <SigningCodeRequest
      {...props}
      labels={{ intro: t('signing.code.intro'), continue: t('signing.code.continue') }}
    />
  );
}

/** Whether every document the signer reads has been opened. */
export const allOpened = (documents: readonly SigningDocument[]) =>
  documents.every((document) => document.openedAt !== null);

/** The 6-digit code and the borrower's signature. */
export function SignWithCode(props: Omit<SigningCodeEntryProps, 'intro'>) {
  const { t } = useT('mf-loan-status');
  return <SigningCodeEntry {...props} intro={t('signing.sign.intro')} />;
}

/** Each guarantor and how far they are. */
export function GuarantorProgressList(props: { guarantors: GuarantorProgress[] }) {
  const { t } = useT('mf-loan-status');
  if (props.guarantors.length === 0) return null;
  return (
    <Stack gap={2} as="section" aria-label={t('signing.guarantors.title')}>
      <Text fontWeight="semibold">{t('signing.guarantors.title')}</Text>
      <Box as="ul" listStyleType="none" m={0} p={0}>
        {props.guarantors.map((guarantor) => (
          <Box as="li" key={guarantor.id} py={1} display="flex" gap={2} flexWrap="wrap">
            <Text>{guarantor.name}</Text>
            <Badge colorPalette={guarantor.status === 'SIGNED' ? 'green' : 'gray'}>
              {t(`signing.guarantors.status.${guarantor.status}`)}
            </Badge>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** After signing: what happens next; or, when the agreement is not signed, the way back. */
export function SigningOutcome(props: {
  status: string;
  guarantors: GuarantorProgress[];
  onViewAgreement: () => void;
  /** Saves the signed agreement (the borrower's copy to keep). */
  onDownloadAgreement?: () => void;
  /** Opens the e-stamp certificate; offered once the file is closed and stamped. */
  onViewECertificate?: () => void;
  /** A download that failed, in the server's words. */
  error?: string | null;
  onBack: () => void;
}) {
  const { t } = useT('mf-loan-status');
  const signed = ['AGREEMENTSIGNING', 'PENDING_DISBURSEMENT', 'DISBURSED'].includes(props.status);
  if (!signed) return <SigningNotDone onBack={props.onBack} />;
  const waiting = props.status === 'AGREEMENTSIGNING';
  return (
    <Stack gap={4}>
      <Text role="status">
        {waiting ? t('signing.complete.waitingGuarantors') : t('signing.complete.done')}
      </Text>
      <GuarantorProgressList guarantors={props.guarantors} />
      {props.error ? <ErrorNotice title={props.error} /> : null}
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} flexWrap="wrap">
        <Button variant="outline" onClick={props.onViewAgreement}>
          {t('signing.complete.view')}
        </Button>
        {props.onDownloadAgreement ? (
          <Button variant="outline" onClick={props.onDownloadAgreement}>
            {t('signing.complete.download')}
          </Button>
        ) : null}
        {/* The stamp certificate exists only once every signer has signed and the file is closed. */}
        {!waiting && props.onViewECertificate ? (
          <Button variant="outline" onClick={props.onViewECertificate}>
            {t('signing.complete.eCertificate')}
          </Button>
        ) : null}
      </Stack>
      {waiting && props.onViewECertificate ? (
        <Text color="gray.700" fontSize="sm">
          {t('signing.complete.eCertificateLater')}
        </Text>
      ) : null}
    </Stack>
  );
}
