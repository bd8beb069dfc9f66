import type { HomeLoanStatusResponse } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Badge, Box, Button, Card, Heading, Link, Stack, Text } from '@lending/ui';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDate, formatDateTime } from '../../lib/format';
import { cardContent } from './card-content';

const TONE_COLOURS = {
  info: 'brand.secondaryFill',
  success: 'green.600',
  warning: 'orange.500',
  error: 'red.600',
} as const;

/** The home screen's loan status card: the server's state, what it means, and the next action. */
export function LoanStatusCard({ home }: { home: HomeLoanStatusResponse }) {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  const headingId = useId();
  const content = cardContent(home, {
    date: (iso) => formatDate(iso, language),
    dateTime: (iso) => formatDateTime(iso, language),
  });
  const { application } = home;
  const referredLabel = (item: { kind: string; target: string }) =>
    item.kind === 'section'
      ? t(`home.referred.section.${item.target}`, { defaultValue: item.target })
      : t(`home.referred.document.${item.target}`, {
          defaultValue: t('home.referred.otherDocument', { name: item.target }),
        });

  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      data-testid="loan-status-card"
      data-state={content.state}
      borderTopWidth="4px"
      borderTopColor={TONE_COLOURS[content.tone]}
    >
      <Card.Body gap={3}>
        <Text fontSize="sm" color="gray.600">
          {t('home.cardLabel')}
        </Text>
        <Heading as="h2" size="lg" id={headingId} color="brand.primary">
          {t(`home.states.${content.copy}.title`)}
        </Heading>
        {application && content.state !== 'READY_TO_CREATE' ? (
          <Stack gap={0} fontSize="sm" color="gray.700">
            <Text>{t('home.reference', { referenceNo: application.referenceNo })}</Text>
            {application.requestedAmountSen !== null && application.tenureMonths !== null ? (
              <Text>
                {t('home.amount', {
                  amount: formatRinggit(application.requestedAmountSen),
                  months: application.tenureMonths,
                })}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {content.lines.map((line) => (
          <Text key={line.key}>{t(line.key, line.values ?? {})}</Text>
        ))}
        {content.referred && content.referred.length > 0 ? (
          <Box>
            <Heading as="h3" size="sm" mb={2}>
              {t('home.referred.heading')}
            </Heading>
            <Stack as="ul" gap={2} listStyleType="none" ps={0} data-testid="referred-items">
              {content.referred.map(({ item, to }) => (
                <li key={`${item.kind}:${item.target}`}>
                  <Link asChild fontWeight="semibold" color="brand.link">
                    <RouterLink to={to}>{referredLabel(item)}</RouterLink>
                  </Link>
                  <Text fontSize="sm">{item.reason}</Text>
                </li>
              ))}
            </Stack>
          </Box>
        ) : null}
        {content.state === 'PENDING_AGREEMENT' && home.guarantors && home.guarantors.length > 0 ? (
          <Box as="section" aria-labelledby={`${headingId}-guarantors`}>
            <Heading as="h3" size="sm" mb={2} id={`${headingId}-guarantors`}>
              {t('home.guarantors.heading')}
            </Heading>
            <Stack as="ul" gap={1} listStyleType="none" ps={0} data-testid="guarantor-progress">
              {home.guarantors.map((guarantor) => (
                <Box as="li" key={guarantor.position} display="flex" gap={2} flexWrap="wrap">
                  <Text fontWeight="semibold">{guarantor.name}</Text>
                  <Badge colorPalette={guarantor.step === 'SIGNED' ? 'green' : 'gray'}>
                    {t(`home.guarantors.step.${guarantor.step}`)}
                  </Badge>
                </Box>
              ))}
            </Stack>
          </Box>
        ) : null}
        {content.next ? (
          <Box>
            <Heading as="h3" size="sm" mb={1}>
              {t('home.nextStep')}
            </Heading>
            <Text>{t(content.next.key)}</Text>
          </Box>
        ) : null}
        {content.action ? (
          <Box pt={2}>
            <Button asChild colorPalette="brand" w={{ base: 'full', sm: 'auto' }}>
              <RouterLink to={content.action.to} data-testid="loan-status-action">
                {t(content.action.key)}
              </RouterLink>
            </Button>
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
