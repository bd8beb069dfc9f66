import type { InstalmentStatus, PaymentHistoryStatus } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Badge } from '@lending/ui';

const INSTALMENT_PALETTE: Record<InstalmentStatus, string> = {
  PAID: 'green',
  PARTLY_PAID: 'blue',
  OVERDUE: 'red',
  DUE: 'orange',
  UNPAID: 'gray',
};

const PAYMENT_PALETTE: Record<PaymentHistoryStatus, string> = {
  PAID: 'green',
  PENDING: 'orange',
  FAILED: 'red',
};

/** The status in words; the colour only repeats what the words say. */
export function InstalmentStatusBadge({
  status,
  daysOverdue,
}: {
  status: InstalmentStatus;
  daysOverdue: number;
}) {
  const { t } = useT('mf-repayment');
  return (
    <Badge colorPalette={INSTALMENT_PALETTE[status]} variant="subtle" whiteSpace="normal">
      {status === 'OVERDUE' && daysOverdue > 0
        ? t('schedule.status.overdueDays', { count: daysOverdue })
        : t(`schedule.status.${status}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentHistoryStatus }) {
  const { t } = useT('mf-repayment');
  return (
    <Badge colorPalette={PAYMENT_PALETTE[status]} variant="subtle">
      {t(`history.status.${status}`)}
    </Badge>
  );
}
