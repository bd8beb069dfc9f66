import type { GuarantorLinkState } from '@lending/contracts';
import { httpStatus, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame, Stack } from '@lending/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { guarantorApi } from './guarantor-api';
import { LinkInvalid } from './identity-views';

const POLL_MS = 3000;
export const linkKey = (token: string) => ['guarantor-link', token];

/** The link's token travels in the address, so every step can be reloaded from the message. */
export function useToken(): string {
  return useSearchParams()[0].get('token') ?? '';
}
export const withToken = (path: string, token: string) =>
  `/guarantor-signing/${path}?token=${encodeURIComponent(token)}`;

function useLink(token: string, poll = false) {
  return useServerQuery({
    queryKey: linkKey(token),
    queryFn: () => guarantorApi.link(token),
    enabled: token !== '',
    // A refused token will not become valid by asking again.
    retry: false,
    refetchInterval: (query) =>
      poll &&
      query.state.data?.status === 'INVITED' &&
      query.state.data.identity?.state !== 'FAILED'
        ? POLL_MS
        : false,
  });
}

/** Every screen starts from the link: missing or refused (expired, replaced) ends here. */
export function LinkGate(props: {
  title: string;
  token: string;
  poll?: boolean;
  children: (link: GuarantorLinkState) => ReactNode;
}) {
  const { t } = useT('mf-guarantor');
  const query = useLink(props.token, props.poll);
  const status = httpStatus(query.error);
  const refused = props.token === '' || status === 401 || status === 404;
  return (
    <PageFrame title={refused ? t('guarantor.invalid.heading') : props.title}>
      <Stack gap={5} maxW="4xl">
        {refused ? (
          <LinkInvalid />
        ) : (
          <>
            <LoadStatus
              {...loadStatusOf(query)}
              loadingLabel={t('guarantor.loading')}
              errorTitle={t('guarantor.failed')}
            />
            {query.data ? props.children(query.data) : null}
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
