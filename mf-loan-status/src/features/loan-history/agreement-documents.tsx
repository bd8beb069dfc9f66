import type { LoanHistoryAgreement } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Alert, Box, Button, Heading, Stack, Text } from '@lending/ui';

/** The borrower's copies of a loan's documents: the signed agreement and the e-certificate. */
export function AgreementDocuments(props: {
  agreement: LoanHistoryAgreement;
  onViewAgreement: () => void;
  onViewECertificate: () => void;
  error?: string | null;
}) {
  const { t } = useT('mf-loan-status');
  const { agreement } = props;
  return (
    <Box as="section" aria-labelledby="loan-agreement-documents">
      <Heading as="h2" size="md" mb={2} id="loan-agreement-documents">
        {t('history.agreement.heading')}
      </Heading>
      <Text mb={3}>{t('history.agreement.number', { agreementNo: agreement.agreementNo })}</Text>
      {props.error ? (
        <Alert.Root status="error" role="alert" mb={3}>
          <Alert.Indicator />
          <Alert.Title>{props.error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {agreement.signed ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
          <Button variant="outline" onClick={props.onViewAgreement}>
            {t('history.agreement.view')}
          </Button>
          {agreement.eCertificateIssued ? (
            <Button variant="outline" onClick={props.onViewECertificate}>
              {t('history.agreement.eCertificate')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Text color="gray.700">{t('history.agreement.notSigned')}</Text>
      )}
    </Box>
  );
}
