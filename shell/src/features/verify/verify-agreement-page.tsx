import { AGREEMENT_VERIFICATION_PATHS, type AgreementVerification } from '@lending/contracts';
import { api, momentText, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Box, Heading, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { useParams } from 'react-router-dom';

const ROLES = ['BORROWER', 'GUARANTOR', 'LENDER'] as const;

/** The public check the QR code on every page of an agreement leads to. */
export function VerifyAgreementPage() {
  const { t } = useT('shell');
  const code = useParams().code ?? '';
  const report = useServerQuery({
    queryKey: ['agreement-verification', code],
    queryFn: () =>
      api.core
        .get<AgreementVerification>(AGREEMENT_VERIFICATION_PATHS.verification(code))
        .then((response) => response.data),
  });
  return (
    <PageFrame title={t('verify.title')} description={t('verify.intro')}>
      <LoadStatus
        {...loadStatusOf(report)}
        loadingLabel={t('verify.loading')}
        errorTitle={t('verify.notFound')}
      />
      {report.data ? <VerificationReport report={report.data} /> : null}
    </PageFrame>
  );
}

/** Whether the file is intact, who signed it and when, and its fingerprint. */
export function VerificationReport({ report }: { report: AgreementVerification }) {
  const { t } = useT('shell');
  const language = useLanguage();
  const when = (iso: string) => momentText(iso, language, { date: 'long' });
  const role = (value: string) =>
    (ROLES as readonly string[]).includes(value) ? t(`verify.roles.${value}`) : value;
  return (
    <Stack gap={6} maxW="40rem">
      <Box
        role="status"
        borderWidth="1px"
        borderRadius="md"
        p={4}
        borderColor={report.intact ? 'green.600' : 'red.600'}
        data-testid="verification-verdict"
      >
        <Heading as="h2" size="md" mb={1}>
          {report.intact ? t('verify.intact') : t('verify.notIntact')}
        </Heading>
        <Text>
          {t('verify.agreement', { agreementNo: report.agreementNo })} (
          {t(`verify.stages.${report.stage}`, { defaultValue: report.stage })})
        </Text>
      </Box>
      <Box>
        <Heading as="h2" size="md" mb={2}>
          {t('verify.signers')}
        </Heading>
        {report.signers.length === 0 ? (
          <Text>{t('verify.noSigners')}</Text>
        ) : (
          <Box as="ol" ps={5} data-testid="verification-signers">
            {report.signers.map((signer) => (
              <li key={`${signer.role}-${signer.signedAt}-${signer.name}`}>
                <Text>
                  <Text as="span" fontWeight="semibold">
                    {signer.name}
                  </Text>{' '}
                  ({role(signer.role)}), {when(signer.signedAt)}
                </Text>
              </li>
            ))}
          </Box>
        )}
      </Box>
      <Box>
        <Heading as="h2" size="md" mb={2}>
          {t('verify.fingerprint')}
        </Heading>
        <Text mb={1}>{t('verify.fingerprintHint')}</Text>
        <Text fontFamily="mono" wordBreak="break-all" data-testid="verification-sha256">
          {report.sha256}
        </Text>
      </Box>
    </Stack>
  );
}
