import { ChakraProvider } from '@chakra-ui/react';
import { PlatformI18nProvider, useBrand } from '@lending/platform';
import type { ReactNode } from 'react';

import { brandSystem } from './theme/brand-system';
import { registerUiTranslations } from './translations';

registerUiTranslations();

/** Every React root in the page (the shell's and each remote's) wraps itself in this: React
 *  context does not cross roots, the platform's singletons do. */
export function PlatformRoot({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <PlatformI18nProvider>
      <ChakraProvider value={brandSystem(brand)}>{children}</ChakraProvider>
    </PlatformI18nProvider>
  );
}
