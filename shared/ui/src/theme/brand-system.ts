import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import type { BrandPack } from '@lending/contracts';

/** Chakra's colour palettes the product names nowhere (`colorPalette`, an alert's status,
 *  `red.600`...; a test holds the apps to that). Building a system costs time in proportion to its
 *  tokens, and that time is one long task when a page starts: these made it take two thirds
 *  longer. */
export const OTHER_PALETTES = ['teal', 'cyan', 'purple', 'pink'] as const;

function withoutOtherPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(
    Object.entries(colors).filter(
      ([name]) => !(OTHER_PALETTES as readonly string[]).includes(name),
    ),
  ) as T;
}

/**
 * Chakra's default theme minus the recipes of components this package does not export: the
 * full set is most of Chakra's weight in the first load. A component exported from index.ts (or
 * rendered inside this package) needs its recipe here, and those of the parts it renders
 * (Button: spinner; Checkbox: checkmark; Field: icon; CloseButton and IconButton: button), or
 * it renders unstyled.
 */
const componentTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutOtherPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutOtherPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const systems = new Map<string, SystemContext>();

/** One Chakra system per tenant, built from the brand pack's tokens at run time so that one
 *  remote build serves both tenants. */
export function brandSystem(brand: Pick<BrandPack, 'id' | 'theme'>): SystemContext {
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
            onSecondaryFill: { value: theme.onSecondaryFill },
            accentText: { value: theme.accentText },
            // The main action as a palette (`colorPalette="brand"`): Chakra's solid button draws
            // its fill, its text and its hover and focus from these.
            solid: { value: theme.secondaryFill },
            contrast: { value: theme.onSecondaryFill },
            fg: { value: theme.accentText },
            focusRing: { value: theme.primary },
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
      // A solid button is a main action: the brand's fill and the text readable on it, unless a
      // screen names another palette (a refusal in red).
      recipes: { button: { variants: { variant: { solid: { colorPalette: 'brand' } } } } },
    },
    globalCss: {
      'html, body': { margin: 0, minHeight: '100%' },
      a: { color: 'brand.link' },
      'a:hover': { color: 'brand.hover' },
    },
  });
  const system = createSystem(defaultBaseConfig, componentTheme, config);
  systems.set(brand.id, system);
  return system;
}
