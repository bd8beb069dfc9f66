import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import type { BrandPack } from '@lending/contracts';

const systems = new Map<string, SystemContext>();

/** One Chakra system per tenant, built from the brand pack's tokens at run time so that one
 *  remote build serves both tenants. */
export function brandSystem(brand: BrandPack): SystemContext {
  const cached = systems.get(brand.id);
  if (cached) return cached;
  const { theme } = brand;
  const config = defineConfig({
    theme: {
      tokens: {
        colors: {
          brand: {
            primary: { value: theme.primary },
            secondaryFill: { value: theme.secondaryFill },
            link: { value: theme.link },
            hover: { value: theme.hover },
            secondaryText: { value: theme.secondaryText },
            footerText: { value: theme.footerText },
            stepsBg: { value: theme.stepsBackground },
            stepsText: { value: theme.stepsText },
            statusCardBg: { value: theme.statusCardBackground },
          },
        },
        shadows: { statusCard: { value: theme.statusCardShadow } },
      },
      breakpoints: { sm: '480px', md: '768px', lg: '1024px', xl: '1440px' },
    },
    globalCss: {
      'html, body': { margin: 0, minHeight: '100%' },
      a: { color: 'brand.link' },
      'a:hover': { color: 'brand.hover' },
    },
  });
  const system = createSystem(defaultConfig, config);
  systems.set(brand.id, system);
  return system;
}
