import type { Application } from '@lending/contracts';
import { formatNric, formatPhoneForDisplay, formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { addressText, Box, SimpleGrid, Stack, SummaryCard, SummaryRow, Text } from '@lending/ui';
import type { ReactNode } from 'react';

import { useMasterNames } from './use-master-names';

type CardProps = { application: Application };

function Answers({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: columns }} gap={3}>
      {children}
    </SimpleGrid>
  );
}

function NotGiven() {
  const { t } = useT('admin-case-file');
  return <Text color="gray.600">{t('sections.notProvided')}</Text>;
}

/** Optional answers show only when given. */
function Optional({ label, value }: { label: string; value: ReactNode }) {
  return value === undefined || value === null || value === '' ? null : (
    <SummaryRow label={label} value={value} />
  );
}

const identityText = (type: 'MYKAD' | 'PASSPORT', value: string) =>
  type === 'MYKAD' && /^\d{12}$/.test(value) ? formatNric(value) : value;

export function LoanCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  const name = useMasterNames();
  return (
    <SummaryCard title={t('sections.loan')} testId="case-loan">
      <Answers>
        <SummaryRow
          label={t('labels.amount')}
          value={
            application.requestedAmountSen !== null
              ? formatRinggit(application.requestedAmountSen)
              : '-'
          }
        />
        <SummaryRow
          label={t('labels.tenure')}
          value={
            application.tenureMonths !== null
              ? t('labels.months', { count: application.tenureMonths })
              : '-'
          }
        />
        <SummaryRow
          label={t('labels.loanReason')}
          value={name('loanReasons', application.loanReasonId)}
        />
        <Optional label={t('labels.loanReasonOther')} value={application.loanReasonOther} />
        <Optional label={t('labels.campaignCode')} value={application.campaignCode} />
        <Optional
          label={t('labels.estimatedInstalment')}
          value={
            application.estimatedMonthlyInstalmentSen !== null
              ? formatRinggit(application.estimatedMonthlyInstalmentSen)
              : null
          }
        />
      </Answers>
    </SummaryCard>
  );
}

export function CompanyCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  const name = useMasterNames();
  const company = application.sections.company;
  return (
    <SummaryCard title={t('sections.company')} testId="case-company">
      {company ? (
        <Answers>
          <SummaryRow label={t('labels.companyName')} value={company.companyName} />
          <SummaryRow
            label={t('labels.newBusinessRegistrationNo')}
            value={company.newBusinessRegistrationNo}
          />
          <Optional
            label={t('labels.oldBusinessRegistrationNo')}
            value={company.oldBusinessRegistrationNo}
          />
          <Optional label={t('labels.taxIdentificationNo')} value={company.taxIdentificationNo} />
          <SummaryRow
            label={t('labels.natureOfBusiness')}
            value={name('naturesOfBusiness', company.natureOfBusinessId)}
          />
          <SummaryRow label={t('labels.establishedDate')} value={company.establishedDate} />
          <Optional label={t('labels.ssmExpiryDate')} value={company.ssmExpiryDate} />
          <SummaryRow
            label={t('labels.businessContactNo')}
            value={formatPhoneForDisplay(company.businessContactNo)}
          />
          <SummaryRow label={t('labels.companyEmail')} value={company.companyEmail} />
          <Optional
            label={t('labels.operatingExpenses')}
            value={
              company.operatingExpensesSen !== undefined
                ? formatRinggit(company.operatingExpensesSen)
                : null
            }
          />
          <SummaryRow
            label={t('labels.businessAuthorisedAddress')}
            value={addressText(company.businessAuthorisedAddress)}
          />
          <SummaryRow
            label={t('labels.registeredSsmAddress')}
            value={addressText(company.registeredSsmAddress)}
          />
          <SummaryRow
            label={t('labels.mailingAddress')}
            value={addressText(company.mailingAddress)}
          />
        </Answers>
      ) : (
        <NotGiven />
      )}
    </SummaryCard>
  );
}

export function ApplicantCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  const name = useMasterNames();
  const applicant = application.sections.applicant;
  return (
    <SummaryCard title={t('sections.applicant')} testId="case-applicant">
      {applicant ? (
        <Answers>
          <SummaryRow label={t('labels.name')} value={applicant.name} />
          <SummaryRow
            label={t(`labels.identity.${applicant.identityCardType}`)}
            value={identityText(applicant.identityCardType, applicant.identityCardNo)}
          />
          <SummaryRow label={t('labels.dateOfBirth')} value={applicant.dateOfBirth} />
          <SummaryRow label={t('labels.age')} value={applicant.age} />
          <SummaryRow label={t('labels.gender')} value={t(`genders.${applicant.gender}`)} />
          <SummaryRow label={t('labels.race')} value={name('races', applicant.raceId)} />
          <SummaryRow
            label={t('labels.nationality')}
            value={name('nationalities', applicant.nationalityId)}
          />
          <SummaryRow
            label={t('labels.contactNo')}
            value={formatPhoneForDisplay(applicant.contactNo)}
          />
          <SummaryRow label={t('labels.personalEmail')} value={applicant.personalEmail} />
          <SummaryRow label={t('labels.nricAddress')} value={addressText(applicant.nricAddress)} />
          <SummaryRow label={t('labels.homeAddress')} value={addressText(applicant.homeAddress)} />
          <SummaryRow
            label={t('labels.mailingAddress')}
            value={addressText(applicant.mailingAddress)}
          />
          <Optional label={t('labels.employerName')} value={applicant.employerName} />
          <Optional label={t('labels.jobTitle')} value={applicant.jobTitle} />
          <Optional
            label={t('labels.monthlyNetSalary')}
            value={
              applicant.monthlyNetSalarySen !== undefined
                ? formatRinggit(applicant.monthlyNetSalarySen)
                : null
            }
          />
          <SummaryRow
            label={t('labels.personalBank')}
            value={`${name('banks', applicant.personalBankId)} ${applicant.personalBankAccountNo}`}
          />
          <Optional label={t('labels.partnerId')} value={applicant.partnerId} />
          <SummaryRow
            label={t('labels.marketingConsent')}
            value={t(applicant.acceptMarketingConsent ? 'common.yes' : 'common.no')}
          />
        </Answers>
      ) : (
        <NotGiven />
      )}
    </SummaryCard>
  );
}

export function DisbursementCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  const name = useMasterNames();
  const disbursement = application.sections.disbursement;
  return (
    <SummaryCard title={t('sections.disbursement')} testId="case-disbursement">
      {disbursement ? (
        <Answers>
          <SummaryRow label={t('labels.bank')} value={name('banks', disbursement.bankId)} />
          <SummaryRow label={t('labels.accountName')} value={disbursement.accountName} />
          <SummaryRow label={t('labels.accountNumber')} value={disbursement.accountNumber} />
        </Answers>
      ) : (
        <NotGiven />
      )}
    </SummaryCard>
  );
}

export function EmergencyContactsCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  const name = useMasterNames();
  const section = application.sections.emergencyContacts;
  return (
    <SummaryCard title={t('sections.emergencyContacts')} testId="case-emergency-contacts">
      {section ? (
        <Stack gap={4}>
          {section.contacts.map((contact) => (
            <Box key={contact.number}>
              <Text as="h3" fontWeight="bold" mb={1}>
                {t('labels.contactNumber', { number: contact.number })}
              </Text>
              <Answers>
                <SummaryRow label={t('labels.name')} value={contact.name} />
                <SummaryRow
                  label={t('labels.relationship')}
                  value={contact.relationshipOther ?? name('relationships', contact.relationshipId)}
                />
                <SummaryRow
                  label={t('labels.contactNo')}
                  value={formatPhoneForDisplay(contact.contactNo)}
                />
                <SummaryRow label={t('labels.email')} value={contact.email} />
              </Answers>
            </Box>
          ))}
        </Stack>
      ) : (
        <NotGiven />
      )}
    </SummaryCard>
  );
}

export function DirectorsCard({ application }: CardProps) {
  const { t } = useT('admin-case-file');
  if (application.organizationType === 'SOLE_PROP') return null;
  const directors = application.sections.directors;
  return (
    <SummaryCard title={t('sections.directors')} testId="case-directors">
      {directors ? (
        <Stack gap={4}>
          {directors.people.map((person, index) => (
            <Box key={index}>
              <Text as="h3" fontWeight="bold" mb={1}>
                {t(`labels.people.${person.role}`, { number: index + 1 })}
              </Text>
              <Answers>
                <SummaryRow label={t('labels.name')} value={person.name} />
                <SummaryRow
                  label={t(`labels.identity.${person.identityCardType}`)}
                  value={identityText(person.identityCardType, person.identityCardNo)}
                />
                <SummaryRow
                  label={t('labels.contactNo')}
                  value={formatPhoneForDisplay(person.contactNo)}
                />
                <SummaryRow label={t('labels.email')} value={person.personalEmail} />
              </Answers>
            </Box>
          ))}
        </Stack>
      ) : (
        <NotGiven />
      )}
    </SummaryCard>
  );
}

/** Every section of the application as submitted. */
export function ApplicationSections({ application }: CardProps) {
  return (
    <Stack gap={4}>
      <LoanCard application={application} />
      <CompanyCard application={application} />
      <ApplicantCard application={application} />
      <DisbursementCard application={application} />
      <EmergencyContactsCard application={application} />
      <DirectorsCard application={application} />
    </Stack>
  );
}
