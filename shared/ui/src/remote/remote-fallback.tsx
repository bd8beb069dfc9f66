import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import type { RemoteFailureReason } from '@lending/contracts';
import { navigate, useBrand, useT } from '@lending/platform';
import { useEffect, useRef, useState } from 'react';

export interface RemoteFallbackProps {
  remote: string;
  reason: RemoteFailureReason;
  onRetry: () => void | Promise<void>;
}

/** What a visitor sees where a part of the site failed to load or crashed: branded, in their
 *  language, with a way forward. */
export function RemoteFallback({ remote, reason, onRetry }: RemoteFallbackProps) {
  const { t } = useT('ui');
  const brand = useBrand();
  const [retrying, setRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Screen-reader and keyboard users land on the message, not at the top of a dead page.
    headingRef.current?.focus();
  }, [reason]);

  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Box
      role="alert"
      data-testid="remote-fallback"
      data-remote={remote}
      data-reason={reason}
      maxW="640px"
      mx="auto"
      my={{ base: 8, md: 16 }}
      p={{ base: 5, md: 8 }}
      borderRadius="lg"
      borderWidth="1px"
      borderColor="gray.200"
      bg="white"
      boxShadow="statusCard"
      textAlign="center"
    >
      <img
        src={brand.logos.primary}
        alt={brand.displayName}
        height={32}
        style={{ height: 32, margin: '0 auto 16px' }}
      />
      <Heading as="h1" size="lg" color="brand.primary" ref={headingRef} tabIndex={-1} mb={3}>
        {t(`fallback.${reason}.title`, { brandName: brand.displayName })}
      </Heading>
      <Text color="gray.700" mb={6}>
        {t(`fallback.${reason}.body`)}
      </Text>
      <HStack justify="center" gap={3} wrap="wrap">
        <Button
          onClick={retry}
          loading={retrying}
          loadingText={t('fallback.retrying')}
          colorPalette="brand"
          _hover={{ opacity: 0.9 }}
        >
          {t('fallback.retry')}
        </Button>
        <Button variant="outline" onClick={() => navigate('/')}>
          {t('fallback.home')}
        </Button>
      </HStack>
    </Box>
  );
}
