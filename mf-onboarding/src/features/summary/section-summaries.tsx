import type { Application, ApplicationSection } from '@lending/contracts';
import {
  formatNric,
  formatPhoneForDisplay,
  formatRinggit,
  maskNric,
  nameIn,
  simulateInstalments,
} from '@lending/domain';
import { masterApi, useLanguage } from '@lending/platform';
import { Box, SimpleGrid, Stack, Text } from '@lending/ui';

import { useApprovedOffer } from '../../hooks/use-approved-offer';
import { useMasterList } from '../../hooks/use-master-list';
import { percentText } from '../../hooks/use-product';
import { usePublishedFigures } from '../../hooks/use-published-figures';
import { SECTION_ROUTES } from '../../journey/application-steps';
import { ApprovedFigures } from '../../journey/approved-figures';
import type { Translate } from '../../journey/form-schema';
import { useFormT } from '../../journey/use-form-t';
import { addressText, Row, SummaryCard } from './summary-card';

type SectionProps = { application: Application; editable: boolean };

/** A section's card: titled by the section, edited on its own page. */
function sectionCardProps(t: Translate, editable: boolean) {
  return (section: ApplicationSection) => ({
    editTo: SECTION_ROUTES[section],
    editable,
    title: t(`sections.${section}`),
    testId: `summary-${section}`,
  });
}

/** The name, in the reader's language, of an item of a master list; its free text when it is
 *  the "other" item and one was given; '-' while the list loads or for none. */
function useNameOf(load: Parameters<typeof useMasterList>[0]) {
  const language = useLanguage();
  const { items } = useMasterList(load) as { items: { id: number; name: string }[] };
  return (id: number | null | undefined, other?: string | null) => {
    if (other) return other;
    const item = items.find((one) => one.id === id);
    return item ? nameIn(language, item) : '-';
  };
}

function NotProvided() {
  const t = useFormT();
  return <Text color="gray.600">{t('summary.notProvided')}</Text>;
}

/** The loan asked for. */
export function LoanSummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const reasonOf = useNameOf(masterApi.loanReasons);
  const { figures } = usePublishedFigures();
  const { offer } = useApprovedOffer(application);
  const rateBp = figures?.rates.simulatorMonthlyRateBp ?? null;
  const estimate =
    application.requestedAmountSen && application.tenureMonths && rateBp !== null
      ? simulateInstalments({
          principalSen: application.requestedAmountSen,
          tenureMonths: application.tenureMonths,
          monthlyRateBp: rateBp,
        })
      : null;
  return (
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
            application.tenureMonths ? t('common.months', { count: application.tenureMonths }) : '-'
          }
        />
        <Row
          label={t('summary.loanReason')}
          value={reasonOf(application.loanReasonId, application.loanReasonOther)}
        />
        {offer ? null : (
          <>
            <Row
              label={t('summary.instalment')}
              value={estimate ? formatRinggit(estimate.monthlyInstalmentSen) : '-'}
            />
            <Row
              label={t('summary.totalRepayable')}
              value={estimate ? formatRinggit(estimate.totalRepayableSen) : '-'}
            />
            <Row
              label={t('summary.simulationRate')}
              value={rateBp !== null ? `${percentText(rateBp)}%` : '-'}
            />
          </>
        )}
        {application.campaignCode ? (
          <Row label={t('summary.campaignCode')} value={application.campaignCode} />
        ) : null}
      </SimpleGrid>
      {offer ? (
        <Box mt={4}>
          <ApprovedFigures offer={offer} />
        </Box>
      ) : rateBp !== null ? (
        <Text fontSize="sm" color="gray.700" mt={3}>
          {t('summary.simulation', { rate: percentText(rateBp) })}
        </Text>
      ) : null}
    </SummaryCard>
  );
}

/** The applicant's details. */
export function ApplicantSummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const { applicant } = application.sections;
  const cardProps = sectionCardProps(t, editable);
  const bankOf = useNameOf(masterApi.banks);
  return (
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
          <Row label={t('labels.personalBank')} value={bankOf(applicant.personalBankId)} />
          <Row label={t('labels.personalBankAccountNo')} value={applicant.personalBankAccountNo} />
        </SimpleGrid>
      ) : (
        <NotProvided />
      )}
    </SummaryCard>
  );
}

/** The company's details. */
export function CompanySummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const { company } = application.sections;
  const cardProps = sectionCardProps(t, editable);
  const natureOf = useNameOf(masterApi.naturesOfBusiness);
  return (
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
          <Row label={t('labels.natureOfBusiness')} value={natureOf(company.natureOfBusinessId)} />
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
        <NotProvided />
      )}
    </SummaryCard>
  );
}

/** The account the loan is paid into. */
export function DisbursementSummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const { disbursement } = application.sections;
  const cardProps = sectionCardProps(t, editable);
  const bankOf = useNameOf(masterApi.banks);
  return (
    <SummaryCard {...cardProps('disbursement')}>
      {disbursement ? (
        <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
          <Row label={t('labels.companyBank')} value={bankOf(disbursement.bankId)} />
          <Row label={t('labels.accountName')} value={disbursement.accountName} />
          <Row label={t('labels.accountNumber')} value={disbursement.accountNumber} />
        </SimpleGrid>
      ) : (
        <NotProvided />
      )}
    </SummaryCard>
  );
}

/** The emergency contacts. */
export function EmergencyContactsSummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const { emergencyContacts } = application.sections;
  const cardProps = sectionCardProps(t, editable);
  const relationshipOf = useNameOf(masterApi.relationships);
  return (
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
                  label={t('labels.relationship')}
                  value={relationshipOf(contact.relationshipId, contact.relationshipOther)}
                />
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
        <NotProvided />
      )}
    </SummaryCard>
  );
}

/** The partners or directors, for the types that list them. */
export function DirectorsSummary({ application, editable }: SectionProps) {
  const t = useFormT();
  const { directors } = application.sections;
  const cardProps = sectionCardProps(t, editable);
  return application.organizationType !== 'SOLE_PROP' ? (
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
                  label={t(
                    person.identityCardType === 'PASSPORT'
                      ? 'labels.passportNo'
                      : 'labels.identityCardNo',
                  )}
                  value={maskNric(person.identityCardNo)}
                />
                <Row
                  label={t('labels.contactNo')}
                  value={formatPhoneForDisplay(person.contactNo)}
                />
                <Row label={t('labels.personalEmail')} value={person.personalEmail} />
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
      ) : (
        <NotProvided />
      )}
    </SummaryCard>
  ) : null;
}
