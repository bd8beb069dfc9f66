import type { ProviderSettingView, ProviderView } from '@lending/contracts';
import { momentText, registerTranslations, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  LoadStatus,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import type { ReactNode } from 'react';

import en from '../locales/en/admin-providers.json';
import ms from '../locales/ms/admin-providers.json';
import { providersApi } from './providers-api';

registerTranslations('admin-providers', { en, ms });
const NS = 'admin-providers';

function useDateTime() {
  const language = useLanguage();
  return (iso: string) => momentText(iso, language, { seconds: true });
}

/** A label and its value, as one row of a description list. */
function Pair({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box
      display={{ base: 'block', sm: 'grid' }}
      gridTemplateColumns="minmax(8rem, 40%) 1fr"
      gap={2}
    >
      <Text as="dt" fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <Text as="dd" fontSize="sm" overflowWrap="anywhere" ms={0}>
        {children}
      </Text>
    </Box>
  );
}

function settingValue(setting: ProviderSettingView, t: (key: string) => string): string {
  if (setting.secret) return setting.set ? t('setting.secretSet') : t('setting.notSet');
  return setting.value ?? t('setting.notSet');
}

/** One service: who runs it, how it has answered, its settings (secrets only said to be set). */
export function ProviderCard({ view }: { view: ProviderView }) {
  const { t } = useT(NS);
  const at = useDateTime();
  const { health } = view;
  const headingId = `provider-${view.service}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} data-testid="provider-card">
      <Card.Body>
        <Stack gap={3}>
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap={2}>
            <Heading as="h2" size="md" id={headingId}>
              {t(`services.${view.service}`)}
            </Heading>
            <HStack gap={2} wrap="wrap">
              <Badge colorPalette={view.sandbox ? 'orange' : 'green'}>
                {view.sandbox ? t('sandbox') : view.provider}
              </Badge>
              {view.sandbox && view.sandboxAllowed ? (
                <Badge colorPalette="gray">{t('sandboxAllowed')}</Badge>
              ) : null}
            </HStack>
          </HStack>
          <Stack as="dl" gap={1}>
            <Pair label={t('provider')}>{view.sandbox ? t('sandboxProvider') : view.provider}</Pair>
            <Pair label={t('health.lastCall')}>
              {health.lastCallAt ? at(health.lastCallAt) : t('health.never')}
            </Pair>
            <Pair label={t('health.latency')}>
              {health.lastLatencyMs === null
                ? '—'
                : t('health.milliseconds', { ms: health.lastLatencyMs })}
            </Pair>
            <Pair label={t('health.calls')}>
              {t('health.callCounts', { count: health.calls, failures: health.failures })}
            </Pair>
            <Pair label={t('health.lastError')}>
              {health.lastError ? (
                <Text as="span" color="red.700" data-testid="provider-error">
                  {t('health.errorAt', { at: at(health.lastError.at) })} {health.lastError.message}
                </Text>
              ) : (
                t('health.none')
              )}
            </Pair>
            {view.outcomes.length > 0 ? (
              <Pair label={t('outcomes')}>
                {view.outcomes
                  .map((outcome) => `${t(`outcome.${outcome.label}`)}: ${outcome.count}`)
                  .join(' · ')}
              </Pair>
            ) : null}
          </Stack>
          <Heading as="h3" size="sm">
            {t('settings')}
          </Heading>
          {view.settings.length === 0 ? (
            <Text fontSize="sm" color="gray.700">
              {view.sandbox ? t('noSettingsSandbox') : t('noSettings')}
            </Text>
          ) : (
            <Stack as="dl" gap={1} data-testid="provider-settings">
              {view.settings.map((setting) => (
                <Pair key={setting.name} label={<code>{setting.name}</code>}>
                  {settingValue(setting, t)}
                </Pair>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** `/admin/providers`: which provider runs each outside service, its health and settings. */
export function ProvidersPage() {
  const { t } = useT(NS);
  const at = useDateTime();
  const list = useServerQuery({
    queryKey: queryKeys.staffProviders.all(),
    queryFn: () => providersApi.list(),
  });
  const sandboxes = list.data?.services.filter((service) => service.sandbox) ?? [];
  return (
    <PageFrame title={t('title')}>
      <Stack gap={6}>
        <Text>{t('intro')}</Text>
        <LoadStatus
          {...loadStatusOf(list)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {list.data ? (
          <>
            <HStack justify="space-between" wrap="wrap" gap={3}>
              <Text fontSize="sm" color="gray.700" role="status">
                {t('since', { at: at(list.data.since) })}
                {sandboxes.length > 0 ? ` ${t('sandboxCount', { count: sandboxes.length })}` : ''}
              </Text>
              <Button
                variant="outline"
                size="sm"
                loading={list.isFetching}
                loadingText={t('refreshing')}
                onClick={() => void list.refetch()}
              >
                {t('refresh')}
              </Button>
            </HStack>
            {list.data.services.length === 0 ? (
              <Text>{t('none')}</Text>
            ) : (
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
                {list.data.services.map((service) => (
                  <ProviderCard key={service.service} view={service} />
                ))}
              </SimpleGrid>
            )}
          </>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
