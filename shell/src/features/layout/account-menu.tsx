import { navigate, useAccount, useT } from '@lending/platform';
import { Button, Portal } from '@lending/ui';
import { Menu } from '@lending/ui/overlays';

import { accountItems } from './menu-items';

const LOGOUT = '/logout';

/** The desktop header's way to a signed-in person's own pages (the drawer holds them on a phone):
 *  a menu button, opened and walked with the keyboard as well as the mouse. */
export function AccountMenu() {
  const { t } = useT('shell');
  const account = useAccount();
  const items = accountItems(account);
  return (
    <Menu.Root onSelect={(details) => navigate(details.value)}>
      <Menu.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          color="white"
          borderColor="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          _expanded={{ bg: 'whiteAlpha.200' }}
          data-testid="account-menu-button"
        >
          {account.user ? t('nav.greeting', { name: account.user.firstName }) : t('nav.account')}
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem" data-testid="account-menu">
            {items.map((item) => (
              <Menu.Item key={item.key} value={item.to} color="gray.800">
                {t(item.labelKey)}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={LOGOUT} color="gray.800">
              {t('nav.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
