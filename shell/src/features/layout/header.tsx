import { navigate, useAccount, useBrand, useSession, useT } from '@lending/platform';
import { Box, Button, Flex, HStack, IconButton, Link, Stack } from '@lending/ui';
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { LanguageSwitch } from './language-switch';
import { drawerItems, HEADER_LINKS } from './menu-items';
import { withQuery } from './with-query';

// The drawer and the account menu carry the overlay machinery (focus trap, positioning): a
// signed-out visitor who never opens the drawer never downloads it.
const MobileDrawer = lazy(() =>
  import('./mobile-drawer').then((module) => ({ default: module.MobileDrawer })),
);
const AccountMenu = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.AccountMenu })),
);

/** The menu button links here: before the app has taken the page over (or without JavaScript)
 *  the link's target shows the menu as plain links; once it has, the drawer opens instead. */
const MENU_ANCHOR = 'site-menu';

/** The signed-out menu as the page arrives: hidden until it is the link's target. */
function MenuWithoutScript({ loginHref }: { loginHref: string }) {
  const { t } = useT('shell');
  const account = useAccount();
  return (
    <Box
      as="nav"
      id={MENU_ANCHOR}
      aria-label={t('nav.menu')}
      display="none"
      css={{ '&:target': { display: 'block' } }}
      bg="white"
      px={4}
      py={3}
      borderBottomWidth="1px"
    >
      <Stack gap={1}>
        {drawerItems(false, account).map((item) => (
          <Link key={item.key} asChild py={2} fontSize="lg" color="brand.primary">
            <RouterLink to={item.to}>{t(item.labelKey)}</RouterLink>
          </Link>
        ))}
        <Link href={loginHref} py={2} fontSize="lg" color="brand.primary" fontWeight="semibold">
          {t('nav.login')}
        </Link>
        <Box py={2}>
          <LanguageSwitch />
        </Box>
        <Link href="#" py={2} color="gray.700">
          {t('nav.closeMenu')}
        </Link>
      </Stack>
    </Box>
  );
}

function openLogin() {
  const url = new URL(window.location.href);
  url.searchParams.set('showLogin', 'true');
  navigate(url.pathname + url.search);
}

/** Once the app runs, the link opens the dialog in place instead of loading the page again. */
function openLoginInPlace(event: MouseEvent) {
  event.preventDefault();
  openLogin();
}

export function Header() {
  const { t } = useT('shell');
  const brand = useBrand();
  const current = useSession();
  const loggedIn = current.accessToken !== null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed afterwards.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const location = useLocation();
  const loginHref = withQuery(location, 'showLogin', 'true');

  useEffect(() => {
    // A menu opened before the app took over (the page went to the link's target) becomes the
    // drawer, and the address loses the target.
    const adopt = () => {
      if (window.location.hash !== `#${MENU_ANCHOR}`) return;
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
      setDrawerWanted(true);
      setDrawerOpen(true);
    };
    adopt();
    window.addEventListener('hashchange', adopt);
    return () => window.removeEventListener('hashchange', adopt);
  }, []);

  const logoLabel = t('nav.homeLink', { brandName: brand.displayName });
  const logo = (
    <img src={brand.logos.white} alt={brand.displayName} style={{ height: 32, display: 'block' }} />
  );

  return (
    <Box as="header" bg="brand.primary" color="white" position="sticky" top={0} zIndex={10}>
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: 4, md: 8 }}
        h={{ base: 14, lg: 16 }}
        align="center"
        justify="space-between"
        gap={4}
      >
        {loggedIn ? (
          <Link asChild aria-label={logoLabel} color="white">
            <RouterLink to="/home">{logo}</RouterLink>
          </Link>
        ) : (
          <Link href={brand.company.marketingSiteUrl} aria-label={logoLabel} color="white">
            {logo}
          </Link>
        )}

        <HStack as="nav" aria-label={t('nav.main')} gap={6} display={{ base: 'none', lg: 'flex' }}>
          {HEADER_LINKS.map((item) => (
            <Link
              key={item.key}
              asChild
              color="white"
              fontWeight="medium"
              _hover={{ textDecoration: 'underline', color: 'white' }}
            >
              <RouterLink to={item.to}>{t(item.labelKey)}</RouterLink>
            </Link>
          ))}
          <LanguageSwitch tone="dark" />
          {loggedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : (
            <Button asChild size="sm" colorPalette="brand" _hover={{ opacity: 0.9 }}>
              <a href={loginHref} onClick={openLoginInPlace} data-testid="header-login">
                {t('nav.login')}
              </a>
            </Button>
          )}
        </HStack>

        <IconButton
          asChild
          display={{ base: 'inline-flex', lg: 'none' }}
          aria-label={t('nav.openMenu')}
          aria-expanded={drawerOpen}
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          data-testid="menu-button"
        >
          <a
            href={`#${MENU_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M3 6h18M3 12h18M3 18h18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </a>
        </IconButton>
      </Flex>
      {loggedIn ? null : <MenuWithoutScript loginHref={loginHref} />}
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            onLogin={openLogin}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
