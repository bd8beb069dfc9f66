import {
  authApi,
  LANGUAGES,
  navigate,
  session,
  setLanguage,
  useBrand,
  useLanguage,
  useSession,
  useT,
} from '@lending/platform';
import { Box, Button, Flex, HStack, Link, Stack, Text } from '@lending/ui';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { currentSection, staffSections } from './staff-menu';
import type { StaffIdentity } from './staff-session';

const MENU_ID = 'staff-menu';

/** A plain click moves inside the page; a modified one (new tab, new window) is the browser's. */
export function goTo(path: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    navigate(path);
  };
}

function LanguageToggle() {
  const { t } = useT('mf-admin');
  const language = useLanguage();
  const other = LANGUAGES.find((option) => option !== language) ?? language;
  return (
    <Button
      size="sm"
      variant="outline"
      color="white"
      borderColor="white"
      _hover={{ bg: 'whiteAlpha.200' }}
      lang={other === 'MS' ? 'ms' : 'en'}
      onClick={() => setLanguage(other)}
    >
      {t(`layout.language.${other}`)}
    </Button>
  );
}

/** The header's one row, signed in or not: the brand on the left, what the person may do right. */
function HeaderRow({ children }: { children: ReactNode }) {
  return (
    <Flex
      maxW="7xl"
      mx="auto"
      px={{ base: 4, md: 8 }}
      py={2}
      minH={14}
      align="center"
      justify="space-between"
      gap={3}
      wrap="wrap"
    >
      {children}
    </Flex>
  );
}

/** Whose back office it is: the brand's logo beside the back office's name (`children`). */
function BrandMark({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <HStack gap={3} minW={0}>
      <img src={brand.logos.white} alt={brand.displayName} style={{ height: 28 }} />
      {children}
    </HStack>
  );
}

/**
 * The back office's frame before anyone signs in (sign-in, setting a password from an emailed
 * link): whose back office it is and the language, which the signed-in frame also offers.
 */
export function SignedOutFrame({ children }: { children: ReactNode }) {
  const { t } = useT('mf-admin');
  return (
    <Box data-testid="staff-signed-out">
      <Box as="header" bg="brand.primary" color="white">
        <HeaderRow>
          <BrandMark>
            <Text fontWeight="bold" fontSize="lg" lineHeight="short">
              {t('screens.adminHome.title')}
            </Text>
          </BrandMark>
          <LanguageToggle />
        </HeaderRow>
      </Box>
      {children}
    </Box>
  );
}

/**
 * The back office's frame: who is signed in, the way out and the menu between its pages. On a
 * phone the menu folds behind a button so the page starts at the top of the screen.
 */
export function StaffLayout({
  identity,
  children,
}: {
  identity: StaffIdentity;
  children: ReactNode;
}) {
  const { t } = useT('mf-admin');
  const { staffRefreshToken } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const sections = staffSections(identity.roles);
  const current = currentSection(pathname, sections);

  // Choosing a page closes the folded menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const signOut = () => {
    if (staffRefreshToken) void authApi.staffLogout(staffRefreshToken).catch(() => undefined);
    session.clearStaff();
    navigate('/admin/login');
  };

  return (
    <Box data-testid="staff-layout">
      <Box as="header" bg="brand.primary" color="white">
        <HeaderRow>
          <BrandMark>
            <Link
              href="/admin"
              onClick={goTo('/admin')}
              color="white"
              fontWeight="bold"
              fontSize="lg"
              _hover={{ color: 'white', textDecoration: 'underline' }}
            >
              {t('screens.adminHome.title')}
            </Link>
          </BrandMark>
          <HStack gap={3} flexWrap="wrap" justify="flex-end" data-testid="staff-bar">
            <Stack gap={0} textAlign="end">
              <Text fontWeight="semibold" lineHeight="short" data-testid="staff-name">
                {identity.name}
              </Text>
              <Text fontSize="sm" lineHeight="short">
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  {t('bar.signedInAs', { email: identity.email })}
                  {' · '}
                </Box>
                {identity.roles.map((role) => t(`roles.${role}`)).join(', ')}
              </Text>
            </Stack>
            <Button
              display={{ base: 'inline-flex', md: 'none' }}
              size="sm"
              variant="outline"
              color="white"
              borderColor="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
              data-testid="staff-menu-button"
            >
              {t('layout.menu')}
            </Button>
            <HStack gap={2} display={{ base: 'none', md: 'flex' }}>
              <LanguageToggle />
              <Button
                size="sm"
                bg="white"
                color="brand.primary"
                _hover={{ opacity: 0.9, bg: 'white' }}
                onClick={signOut}
              >
                {t('bar.signOut')}
              </Button>
            </HStack>
          </HStack>
        </HeaderRow>
        <Box
          id={MENU_ID}
          display={{ base: menuOpen ? 'block' : 'none', md: 'block' }}
          borderTopWidth="1px"
          borderColor="whiteAlpha.400"
        >
          <Flex
            maxW="7xl"
            mx="auto"
            px={{ base: 4, md: 8 }}
            direction={{ base: 'column', md: 'row' }}
            align={{ base: 'stretch', md: 'center' }}
            justify="space-between"
            gap={{ base: 3, md: 6 }}
            py={{ base: 3, md: 0 }}
          >
            <nav aria-label={t('home.navigation')}>
              <Stack
                as="ul"
                direction={{ base: 'column', md: 'row' }}
                // Fourteen sections do not fit one row on a laptop: they wrap to a second row,
                // each label on one line, rather than pushing the page sideways.
                flexWrap={{ md: 'wrap' }}
                rowGap={{ base: 1, md: 0 }}
                columnGap={{ md: 5 }}
                listStyleType="none"
                ps={0}
                m={0}
              >
                {sections.map((section) => {
                  const active = current?.path === section.path;
                  return (
                    <li key={section.path}>
                      <Link
                        href={section.path}
                        onClick={goTo(section.path)}
                        aria-current={active ? 'page' : undefined}
                        display="block"
                        whiteSpace={{ md: 'nowrap' }}
                        py={{ base: 2, md: 3 }}
                        color="white"
                        fontWeight={active ? 'bold' : 'medium'}
                        borderBottomWidth={{ base: 0, md: '3px' }}
                        borderColor={active ? 'white' : 'transparent'}
                        textDecoration={{ base: active ? 'underline' : 'none', md: 'none' }}
                        _hover={{ color: 'white', textDecoration: 'underline' }}
                      >
                        {t(section.label)}
                      </Link>
                    </li>
                  );
                })}
              </Stack>
            </nav>
            <HStack gap={2} display={{ base: 'flex', md: 'none' }} flexWrap="wrap">
              <LanguageToggle />
              <Button
                size="sm"
                bg="white"
                color="brand.primary"
                _hover={{ opacity: 0.9, bg: 'white' }}
                onClick={signOut}
              >
                {t('bar.signOut')}
              </Button>
            </HStack>
          </Flex>
        </Box>
      </Box>
      {children}
    </Box>
  );
}
