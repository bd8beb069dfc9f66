import type { LoginResponse } from '@lending/contracts';
import { useBrand, useT } from '@lending/platform';
import { CloseButton, Portal } from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { Tabs } from '@lending/ui/screens';
import { useLocation, useNavigate } from 'react-router-dom';

import { readShellQuery } from '../navigation/query-params';
import { completeSignIn } from './complete-sign-in';
import { LoginForm } from './login-form';
import { type LoginKind, loginTabs } from './login-tabs';
import { destinationAfterSignIn } from './sign-in-outcome';
import { TelecomLoginForm } from './telecom-login-form';

/** Opens on `?showLogin=true|1` (or /login) on every route; `loginType` picks the tab. */
export function LoginDialog() {
  const { t } = useT('shell');
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const query = readShellQuery(location.search);
  const open = query.showLogin || location.pathname === '/login';
  const { kinds, selected } = loginTabs(brand.id, query.loginType);

  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete('showLogin');
    params.delete('loginType');
    const search = params.toString();
    const path = location.pathname === '/login' ? '/' : location.pathname;
    navigate(`${path}${search ? `?${search}` : ''}`, { replace: true });
  };

  const selectTab = (next: string) => {
    const params = new URLSearchParams(location.search);
    params.set('loginType', next);
    navigate(`${location.pathname}?${params.toString()}`, { replace: true });
  };

  const signedIn = (response: LoginResponse) => {
    completeSignIn(response);
    navigate(destinationAfterSignIn(response, new Date()), { replace: true });
  };
  const register = (phoneNo: string) =>
    navigate(
      destinationAfterSignIn({ userDetails: null, applicationDetails: [] }, new Date(), phoneNo),
      { replace: true },
    );
  const body = (kind: LoginKind) =>
    kind === 'redone' ? (
      <TelecomLoginForm
        onSignedIn={signedIn}
        onRegister={register}
        onUseEmail={() => selectTab('email')}
      />
    ) : (
      <LoginForm kind={kind} onSignedIn={signedIn} onLeave={close} />
    );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : close())}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="580px" w="calc(100% - 2rem)" data-testid="login-dialog">
            <Dialog.Header>
              <Dialog.Title color="brand.primary">{t('login.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={6}>
              {kinds.length > 1 ? (
                <Tabs.Root value={selected} onValueChange={(event) => selectTab(event.value)}>
                  <Tabs.List mb={4}>
                    {kinds.map((kind) => (
                      <Tabs.Trigger key={kind} value={kind}>
                        {t(kind === 'redone' ? 'login.redoneTab' : 'login.emailTab')}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  {kinds.map((kind) => (
                    <Tabs.Content key={kind} value={kind}>
                      {body(kind)}
                    </Tabs.Content>
                  ))}
                </Tabs.Root>
              ) : (
                body('email')
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('login.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
