import { useFormT } from '../../journey/use-form-t';
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Formik } from 'formik';
import type {
  Address,
  Application,
  ApplicationSection,
  MissingItem,
  RequiredFile,
  UploadedFile,
} from '@lending/contracts';
import {
  formatNric,
  formatPhoneForDisplay,
  formatRinggit,
  isEditableApplicationStatus,
  maskNric,
  nameIn,
} from '@lending/domain';
import {
  applicationApi,
  bus,
  errorMessage,
  filesApi,
  navigate,
  useLanguage,
} from '@lending/platform';
import {
  Alert,
  Box,
  Button,
  Card,
  CheckboxField,
  ErrorNotice,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { SECTION_ROUTES } from '../../journey/application-steps';
import { ApplicationFrame } from '../../journey/application-frame';
import { acknowledgementSchema } from './acknowledgement-schema';

export function SummaryPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.summary.title" current="summary">
      {(application, replace) => <Summary application={application} onSubmitted={replace} />}
    </ApplicationFrame>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text as="dd" m={0} fontWeight="medium" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

function SummaryCard(props: {
  title: string;
  editTo?: string;
  editable: boolean;
  children: ReactNode;
  testId: string;
}) {
  const t = useFormT();
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Body>
        <Stack direction="row" justify="space-between" align="center" mb={3}>
          <Heading as="h2" size="md">
            {props.title}
          </Heading>
          {props.editTo && props.editable ? (
            <Link
              href={props.editTo}
              onClick={(event) => {
                event.preventDefault();
                navigate(props.editTo!);
              }}
              aria-label={`${t('common.edit')}: ${props.title}`}
            >
              {t('common.edit')}
            </Link>
          ) : null}
        </Stack>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

function addressText(address: Address): string {
  return [
    address.line1,
    address.line2,
    address.line3,
    `${address.postcode} ${address.cityName}`,
    address.stateName,
  ]
    .filter(Boolean)
    .join(', ');
}

function Summary({
  application,
  onSubmitted,
}: {
  application: Application;
  onSubmitted: (application: Application) => void;
}) {
  const t = useFormT();
  const [files, setFiles] = useState<UploadedFile[] | null>(null);
  const [filesFailed, setFilesFailed] = useState(false);
  const [missing, setMissing] = useState<MissingItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const editable = isEditableApplicationStatus(application.status);
  const { company, applicant, disbursement, emergencyContacts, directors } = application.sections;
  const notProvided = <Text color="gray.600">{t('summary.notProvided')}</Text>;

  useEffect(() => {
    filesApi.list(application.id).then(setFiles, () => setFilesFailed(true));
  }, [application.id]);

  // Document types by their names in the person's language; the code stands in until they load.
  const language = useLanguage();
  const [documentTypes, setDocumentTypes] = useState<RequiredFile[]>([]);
  useEffect(() => {
    filesApi.requiredFiles(application.organizationType).then(setDocumentTypes, () => undefined);
  }, [application.organizationType]);
  const documentName = (fileType: string) => {
    const type = documentTypes.find((candidate) => candidate.fileType === fileType);
    return type ? nameIn(language, type) : fileType;
  };

  const missingLabel = (item: MissingItem): { text: string; to: string } => {
    switch (item.kind) {
      case 'loan':
        return { text: t('summary.missingLoan'), to: '/application' };
      case 'section':
        return { text: t(`sections.${item.section}`), to: SECTION_ROUTES[item.section] };
      case 'emailVerification':
        return { text: t('summary.missingEmail'), to: '/application/email-verification' };
      case 'document':
        return {
          text: t('summary.missingDocument', {
            fileType: documentName(item.fileType),
            uploaded: item.uploaded,
            required: item.required,
          }),
          to: '/application/document-upload',
        };
    }
  };

  const cardProps = (section: ApplicationSection) => ({
    editTo: SECTION_ROUTES[section],
    editable,
    title: t(`sections.${section}`),
    testId: `summary-${section}`,
  });

  return (
    <Stack gap={5} maxW="52rem">
      <SummaryCard
        title={t('summary.loanCard')}
        editTo="/application"
        editable={editable}
        testId="summary-loan"
      >
        <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
          <Row label={t('summary.reference')} value={application.referenceNo} />
          <Row
            label={t('summary.amount')}
            value={
              application.requestedAmountSen ? formatRinggit(application.requestedAmountSen) : '-'
            }
          />
          <Row
            label={t('summary.tenure')}
            value={
              application.tenureMonths
                ? t('common.months', { count: application.tenureMonths })
                : '-'
            }
          />
          <Row
            label={t('summary.instalment')}
            value={
              application.estimatedMonthlyInstalmentSen
                ? formatRinggit(application.estimatedMonthlyInstalmentSen)
                : '-'
            }
          />
          {application.loanReasonOther ? (
            <Row label={t('summary.loanReason')} value={application.loanReasonOther} />
          ) : null}
          {application.campaignCode ? (
            <Row label={t('summary.campaignCode')} value={application.campaignCode} />
          ) : null}
        </SimpleGrid>
      </SummaryCard>

      <SummaryCard {...cardProps('applicant')}>
        {applicant ? (
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <Row label={t('labels.applicantName')} value={applicant.name} />
            <Row
              label={t(
                `labels.${applicant.identityCardType === 'PASSPORT' ? 'passportNo' : 'identityCardNo'}`,
              )}
              value={
                applicant.identityCardType === 'PASSPORT'
                  ? maskNric(applicant.identityCardNo)
                  : maskNric(formatNric(applicant.identityCardNo))
              }
            />
            <Row label={t('labels.dateOfBirth')} value={applicant.dateOfBirth} />
            <Row label={t('labels.gender')} value={t(`genders.${applicant.gender}`)} />
            <Row label={t('labels.age')} value={applicant.age} />
            <Row label={t('labels.contactNo')} value={formatPhoneForDisplay(applicant.contactNo)} />
            <Row label={t('labels.personalEmail')} value={applicant.personalEmail} />
            <Row label={t('labels.nricAddress')} value={addressText(applicant.nricAddress)} />
            <Row label={t('labels.homeAddress')} value={addressText(applicant.homeAddress)} />
            <Row label={t('labels.mailingAddress')} value={addressText(applicant.mailingAddress)} />
            <Row
              label={t('labels.personalBankAccountNo')}
              value={applicant.personalBankAccountNo}
            />
          </SimpleGrid>
        ) : (
          notProvided
        )}
      </SummaryCard>

      <SummaryCard {...cardProps('company')}>
        {company ? (
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <Row label={t('labels.companyName')} value={company.companyName} />
            <Row
              label={t('labels.newBusinessRegistrationNo')}
              value={company.newBusinessRegistrationNo}
            />
            <Row
              label={t('labels.businessContactNo')}
              value={formatPhoneForDisplay(company.businessContactNo)}
            />
            <Row label={t('labels.companyEmail')} value={company.companyEmail} />
            <Row label={t('labels.establishedDate')} value={company.establishedDate} />
            <Row
              label={t('labels.businessAuthorisedAddress')}
              value={addressText(company.businessAuthorisedAddress)}
            />
            <Row
              label={t('labels.registeredSsmAddress')}
              value={addressText(company.registeredSsmAddress)}
            />
            <Row label={t('labels.mailingAddress')} value={addressText(company.mailingAddress)} />
          </SimpleGrid>
        ) : (
          notProvided
        )}
      </SummaryCard>

      <SummaryCard {...cardProps('disbursement')}>
        {disbursement ? (
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <Row label={t('labels.accountName')} value={disbursement.accountName} />
            <Row label={t('labels.accountNumber')} value={disbursement.accountNumber} />
          </SimpleGrid>
        ) : (
          notProvided
        )}
      </SummaryCard>

      <SummaryCard {...cardProps('emergencyContacts')}>
        {emergencyContacts ? (
          <Stack gap={4}>
            {emergencyContacts.contacts.map((contact, index) => (
              <Box key={index}>
                <Text fontWeight="bold" mb={1}>
                  {t('emergency.contact', { number: index + 1 })}
                </Text>
                <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap={3}>
                  <Row label={t('labels.emergencyContactName')} value={contact.name} />
                  <Row
                    label={t('labels.emergencyContactNo')}
                    value={formatPhoneForDisplay(contact.contactNo)}
                  />
                  <Row label={t('labels.emergencyContactEmail')} value={contact.email} />
                </SimpleGrid>
              </Box>
            ))}
          </Stack>
        ) : (
          notProvided
        )}
      </SummaryCard>

      {application.organizationType !== 'SOLE_PROP' ? (
        <SummaryCard {...cardProps('directors')}>
          {directors ? (
            <Stack gap={4}>
              {directors.people.map((person, index) => (
                <Box key={index}>
                  <Text fontWeight="bold" mb={1}>
                    {t(`people.${person.role}`, { number: index + 1 })}
                  </Text>
                  <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap={3}>
                    <Row label={t('labels.personName')} value={person.name} />
                    <Row
                      label={t('labels.identityCardType')}
                      value={maskNric(person.identityCardNo)}
                    />
                    <Row label={t('labels.personalEmail')} value={person.personalEmail} />
                  </SimpleGrid>
                </Box>
              ))}
            </Stack>
          ) : (
            notProvided
          )}
        </SummaryCard>
      ) : null}

      <SummaryCard
        title={t('summary.documents')}
        editTo="/application/document-upload"
        editable={editable}
        testId="summary-documents"
      >
        {filesFailed ? (
          <Text color="red.600">{t('summary.documentsFailed')}</Text>
        ) : files && files.length > 0 ? (
          <Stack as="ul" gap={1} m={0} pl={5}>
            {files.map((file) => (
              <li key={file.id}>
                {file.originalFileName} ({documentName(file.fileType)})
              </li>
            ))}
          </Stack>
        ) : (
          <Text color="gray.600">{t('summary.noDocuments')}</Text>
        )}
      </SummaryCard>

      {missing.length > 0 ? (
        <Alert.Root status="warning" role="alert" data-testid="missing-items">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('summary.missingTitle')}</Alert.Title>
            <Stack as="ul" gap={1} m={0} pl={5} mt={2}>
              {missing.map((item, index) => {
                const { text, to } = missingLabel(item);
                return (
                  <li key={index}>
                    {text} —{' '}
                    <Link
                      href={to}
                      onClick={(event) => {
                        event.preventDefault();
                        navigate(to);
                      }}
                    >
                      {t('summary.fix')}
                    </Link>
                  </li>
                );
              })}
            </Stack>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {failure ? <ErrorNotice title={failure} /> : null}

      {editable ? (
        <Formik
          initialValues={{ acknowledged: false }}
          validationSchema={acknowledgementSchema(t)}
          onSubmit={async () => {
            setFailure(null);
            setMissing([]);
            try {
              const result = await applicationApi.submit(application.id);
              if (!result.ok) {
                setMissing(result.missing);
                return;
              }
              bus.emit('toast.requested', { status: 'success', title: t('common.submitSuccess') });
              bus.emit('application.updated', {
                applicationId: application.id,
                status: result.application.status,
              });
              onSubmitted(result.application);
              navigate('/application/identity-verification');
            } catch (error) {
              setFailure(errorMessage(error));
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap={4}>
                <CheckboxField name="acknowledged" label="">
                  {t('summary.acknowledgement')}
                </CheckboxField>
                <Button
                  type="submit"
                  loading={isSubmitting}
                  bg="brand.secondaryFill"
                  color="white"
                  width={{ base: 'full', md: 'auto' }}
                  alignSelf="flex-start"
                >
                  {t('summary.submit')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      ) : (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('summary.submitted')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
