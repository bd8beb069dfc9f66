import type { LoanHistoryPage } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Box, Button, HStack, Link, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { formatDate } from '../../lib/format';

/** One page of the applicant's applications, newest first, with the way to other pages. */
export function LoanHistoryList({
  history,
  onPage,
}: {
  history: LoanHistoryPage;
  onPage: (page: number) => void;
}) {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  if (history.total === 0) {
    return (
      <Stack gap={4} align="flex-start">
        <Text data-testid="loan-history-empty">{t('history.empty')}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{t('history.emptyNext')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text role="status" color="gray.700">
        {t('history.total', { count: history.total })}
      </Text>
      <Stack as="ul" gap={3} listStyleType="none" ps={0} data-testid="loan-history-items">
        {history.data.map((item) => (
          <Box
            as="li"
            key={item.id}
            borderWidth="1px"
            borderRadius="md"
            p={4}
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }}
            gap={2}
          >
            <Box>
              <Text fontSize="sm" color="gray.600">
                {t('history.reference')}
              </Text>
              <Link asChild color="brand.link" fontWeight="semibold">
                <RouterLink
                  to={`/loan-history/${item.id}`}
                  aria-label={t('history.view', { referenceNo: item.referenceNo })}
                >
                  {item.referenceNo}
                </RouterLink>
              </Link>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {t('history.status')}
              </Text>
              <Text>{t(`status.${item.status}`)}</Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {t('history.amount')}
              </Text>
              <Text>
                {item.requestedAmountSen === null
                  ? t('history.notSet')
                  : formatRinggit(item.requestedAmountSen)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {t('history.created')}
              </Text>
              <Text>{formatDate(item.createdAt, language)}</Text>
            </Box>
          </Box>
        ))}
      </Stack>
      {pages > 1 ? (
        <HStack as="nav" aria-label={t('history.pagination')} gap={3} flexWrap="wrap">
          <Button
            variant="outline"
            size="sm"
            disabled={history.page <= 1}
            onClick={() => onPage(history.page - 1)}
          >
            {t('history.previous')}
          </Button>
          <Text aria-current="page">{t('history.page', { page: history.page, pages })}</Text>
          <Button
            variant="outline"
            size="sm"
            disabled={history.page >= pages}
            onClick={() => onPage(history.page + 1)}
          >
            {t('history.next')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
