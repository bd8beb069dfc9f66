import { useT } from '@lending/platform';
import { Box, Flex, Link } from '@lending/ui';
import { memo, type ReactNode } from 'react';

import { Footer } from './footer';
import { Header } from './header';

/** Remotes render into slots inside this element; React renders it once and never touches its
 *  children, so the orchestrator owns them. */
const RemoteOutlet = memo(function RemoteOutlet() {
  return <div id="remote-outlet" data-testid="remote-outlet" />;
});

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useT('shell');
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
      <Header />
      <Box as="main" id="main-content" tabIndex={-1} flex="1" outline="none">
        {children}
        <RemoteOutlet />
      </Box>
      <Footer />
    </Flex>
  );
}
