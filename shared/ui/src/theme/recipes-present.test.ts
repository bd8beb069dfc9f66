import fs from 'node:fs';
import path from 'node:path';

import { defaultConfig } from '@chakra-ui/react';

import { brandSystem } from './brand-system';

/** The Chakra components each entry of this package hands to the apps. */
function chakraExports(entry: string): string[] {
  const text = fs.readFileSync(path.join(__dirname, '..', entry), 'utf8');
  return [...text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => /^[A-Z]/.test(name)),
  );
}

describe('the brand system', () => {
  it('styles every Chakra component the package exports that Chakra gives a recipe', () => {
    const system = brandSystem({
      id: 'arkcash',
      theme: {
        primary: '#001529',
        secondaryFill: '#0500bb',
        onSecondaryFill: '#ffffff',
        accentText: '#0500bb',
        link: '#0500bb',
        hover: '#2440d8',
        secondaryText: '#4a5568',
        footerText: '#e2e8f0',
        stepsBackground: '#eef1ff',
        stepsText: '#001529',
        statusCardBackground: '#f7f8ff',
        statusCardShadow: '0 1px 2px #0003',
      },
    });
    const chakra = defaultConfig.theme ?? {};
    const ours = system._config.theme ?? {};
    const keyOf = (component: string) => component[0]!.toLowerCase() + component.slice(1);
    const exported = ['index.ts', 'overlays.ts', 'screens.ts', 'forms.ts'].flatMap(chakraExports);
    expect(exported).toEqual(expect.arrayContaining(['Button', 'Menu', 'Dialog']));
    // Without its recipe a component draws unstyled: a menu with no background, under the header.
    const unstyled = exported.map(keyOf).filter((key) => {
      const kept = key in (ours.recipes ?? {}) || key in (ours.slotRecipes ?? {});
      const styledByChakra = key in (chakra.recipes ?? {}) || key in (chakra.slotRecipes ?? {});
      return styledByChakra && !kept;
    });
    expect(unstyled).toEqual([]);
  });
});

describe('the solid button', () => {
  it('is drawn in the brand palette unless a screen names another', () => {
    const system = brandSystem({
      id: 'redcash',
      theme: {
        primary: '#00179A',
        secondaryFill: '#FF4700',
        onSecondaryFill: '#001529',
        accentText: '#c23600',
        link: '#0f2fd0',
        hover: '#c23600',
        secondaryText: '#4a5568',
        footerText: '#ffffff',
        stepsBackground: '#fff3ec',
        stepsText: '#00179A',
        statusCardBackground: '#fffaf7',
        statusCardShadow: '0 1px 2px #0003',
      },
    });
    const solid = system._config.theme?.recipes?.button?.variants?.variant?.solid as
      Record<string, unknown> | undefined;
    expect(solid?.colorPalette).toBe('brand');
    expect(system.token('colors.brand.solid')).toBe('#FF4700');
    expect(system.token('colors.brand.contrast')).toBe('#001529');
  });
});
