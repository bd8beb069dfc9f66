import { navigate, useAccount, useSession, useT } from '@lending/platform';
import { Box, Button, Link, Portal, Separator, Stack, Text } from '@lending/ui';
import { Drawer } from '@lending/ui/overlays';
import { Link as RouterLink } from 'react-router-dom';

import { LanguageSwitch } from './language-switch';
import { drawerItems } from './menu-items';

interface Props {
  open: boolean;
  onClose: () => void;
  onLogin: () => void;
}

/** Phones and tablets (below 1024 px) get the menu in a drawer. */
export function MobileDrawer({ open, onClose, onLogin }: Props) {
  const { t } = useT('shell');
  const current = useSession();
  const account = useAccount();
  const loggedIn = current.accessToken !== null;
  const items = drawerItems(loggedIn, account);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      placement="end"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="mobile-drawer">
            <Drawer.Header>
              <Drawer.Title>
                {loggedIn && account.user
                  ? t('nav.greeting', { name: account.user.firstName })
                  : t('nav.menu')}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t('nav.main')} gap={1}>
                {items.map((item) => (
                  <Link key={item.key} asChild py={2} fontSize="lg" color="brand.primary">
                    <RouterLink to={item.to} onClick={onClose}>
                      {t(item.labelKey)}
                    </RouterLink>
                  </Link>
                ))}
              </Stack>
              <Separator my={4} />
              <Box mb={4}>
                <Text fontSize="sm" color="gray.600" mb={2}>
                  {t('language.label')}
                </Text>
                <LanguageSwitch />
              </Box>
              {loggedIn ? (
                <Button
                  w="full"
                  variant="outline"
                  onClick={() => {
                    onClose();
                    navigate('/logout');
                  }}
                >
                  {t('nav.logout')}
                </Button>
              ) : (
                <Button
                  w="full"
                  colorPalette="brand"
                  onClick={() => {
                    onClose();
                    onLogin();
                  }}
                >
                  {t('nav.login')}
                </Button>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <Button
                variant="ghost"
                size="sm"
                position="absolute"
                top={3}
                insetEnd={3}
                aria-label={t('nav.closeMenu')}
              >
                ✕
              </Button>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
