import { matchRoute, useT } from '@lending/platform';
import { Box, Flex, Link } from '@lending/ui';
import { memo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { Footer } from './footer';
import { Header } from './header';

/** Remotes render into slots inside this element; React renders it once and never touches its
 *  children, so the orchestrator owns them. */
const RemoteOutlet = memo(function RemoteOutlet({ reserve }: { reserve: boolean }) {
  // On a remote's route the outlet holds a screen's height from the start, so the footer does not
  // jump down when the remote arrives (React changes only this style, never the children).
  return (
    <div
      id="remote-outlet"
      data-testid="remote-outlet"
      style={reserve ? { minHeight: '100vh' } : undefined}
    />
  );
});

/** The back office draws its own frame (staff header and menu): the customer header and the
 *  marketing footer stay out of it. */
export function isBackOffice(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useT('shell');
  const { pathname } = useLocation();
  const owner = matchRoute(pathname)?.route.owner;
  const customer = !isBackOffice(pathname);
  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <Link
        href="#main-content"
        position="absolute"
        left="-9999px"
        _focus={{
          left: 4,
          top: 4,
          zIndex: 20,
          bg: 'white',
          color: 'brand.primary',
          p: 2,
          borderRadius: 'md',
        }}
      >
        {t('skipToContent')}
      </Link>
      {customer ? <Header /> : null}
      <Box as="main" id="main-content" tabIndex={-1} flex="1" outline="none">
        {children}
        <RemoteOutlet reserve={owner !== undefined && owner !== 'shell'} />
      </Box>
      {customer ? <Footer /> : null}
    </Flex>
  );
}
