import { useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Card, Heading, LoadStatus, Stack, Text } from '@lending/ui';

import { instantText } from './format';
import { messagesKey, repaymentApi } from './repayment-api';

/** Everything sent to the borrower about the loan (the contact log's messages), newest first. */
export function MessageList({ agreementId }: { agreementId: string }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  const messages = useServerQuery({
    queryKey: messagesKey(agreementId),
    queryFn: () => repaymentApi.messages(agreementId),
  });
  return (
    <Stack gap={3} as="section" aria-labelledby="messages-title" data-testid="messages">
      <Heading as="h2" size="md" id="messages-title">
        {t('messages.title')}
      </Heading>
      <Text>{t('messages.intro')}</Text>
      <LoadStatus
        {...loadStatusOf(messages)}
        loadingLabel={t('messages.loading')}
        errorTitle={t('messages.loadFailed')}
      />
      {messages.data && messages.data.items.length === 0 ? (
        <Text data-testid="no-messages">{t('messages.none')}</Text>
      ) : null}
      {messages.data && messages.data.items.length > 0 ? (
        <Stack
          as="ul"
          gap={3}
          listStyleType="none"
          m={0}
          p={0}
          aria-label={t('messages.listLabel')}
        >
          {messages.data.items.map((message) => (
            <Card.Root as="li" key={message.id} size="sm">
              <Card.Body>
                <Stack gap={1}>
                  <Text fontWeight="semibold">{message.subject}</Text>
                  <Text fontSize="sm">
                    {t(`messages.kinds.${message.kind}`)} ·{' '}
                    {t('messages.sentOn', {
                      when: instantText(message.at, language),
                      channel: t(`messages.channels.${message.channel}`),
                    })}
                  </Text>
                  <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                    {message.body}
                  </Text>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
