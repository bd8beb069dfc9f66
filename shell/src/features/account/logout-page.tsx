import { accountStore, authApi, bus, navigate, session, useT } from '@lending/platform';
import { PageFrame, Text } from '@lending/ui';
import { useEffect } from 'react';

/** Signing out clears every stored value but the language, in this tab and (through storage
 *  events) in every other tab. */
export function LogoutPage() {
  const { t } = useT('shell');
  useEffect(() => {
    const refreshToken = session.current.refreshToken;
    // The server ends the session too; if it cannot be reached the tokens still leave this device.
    if (refreshToken) void authApi.logout(refreshToken).catch(() => undefined);
    session.clear();
    accountStore.clear();
    bus.emit('session.changed', { loggedIn: false, userId: null });
    navigate('/', { replace: true });
  }, []);
  return (
    <PageFrame title={t('account.loggingOut')}>
      <Text role="status">{t('account.loggingOut')}</Text>
    </PageFrame>
  );
}
