import type { CaseFile } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { Badge, SimpleGrid, SummaryRow } from '@lending/ui';

import { staffText } from './format';

/** Which file this is, at a glance: reference, company, status, officer and amount. */
export function CaseFileHeader({ file }: { file: CaseFile }) {
  const { t } = useT('admin-case-file');
  const amount = file.application.requestedAmountSen;
  return (
    <SimpleGrid
      as="dl"
      columns={{ base: 1, sm: 2, lg: 5 }}
      gap={3}
      p={4}
      mb={6}
      borderWidth="1px"
      borderRadius="md"
      data-testid="case-header"
    >
      <SummaryRow label={t('header.reference')} value={file.application.referenceNo} />
      <SummaryRow label={t('header.company')} value={file.companyName || t('header.noCompany')} />
      <SummaryRow
        label={t('header.status')}
        value={<Badge colorPalette="blue">{t(`statuses.${file.status}`)}</Badge>}
      />
      <SummaryRow
        label={t('header.officer')}
        value={staffText(file.assignedOfficer) ?? t('header.unassigned')}
      />
      <SummaryRow
        label={t('header.amount')}
        value={amount !== null ? formatRinggit(amount) : '-'}
      />
    </SimpleGrid>
  );
}
