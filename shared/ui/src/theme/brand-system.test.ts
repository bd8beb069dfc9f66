import fs from 'node:fs';
import path from 'node:path';

import { tokens } from '@chakra-ui/react/theme';
import type { BrandPack } from '@lending/contracts';

import { brandSystem, OTHER_PALETTES } from './brand-system';

const repoRoot = path.resolve(__dirname, '../../../..');

const brand: Pick<BrandPack, 'id' | 'theme'> = {
  id: 'redcash',
  theme: {
    primary: '#123456',
    secondaryFill: '#eeeeee',
    onSecondaryFill: '#111111',
    accentText: '#222222',
    link: '#0000ee',
    hover: '#0000aa',
    secondaryText: '#333333',
    footerText: '#ffffff',
    stepsBackground: '#dddddd',
    stepsText: '#111111',
    statusCardBackground: '#fafafa',
    statusCardShadow: '0 1px 2px #0003',
  },
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the brand system', () => {
  it("has the shades and the semantic colours of every palette of Chakra's it keeps", () => {
    const system = brandSystem(brand);
    const kept = Object.entries(tokens.colors)
      .filter(
        ([name, shades]) =>
          '600' in shades && !(OTHER_PALETTES as readonly string[]).includes(name),
      )
      .map(([name]) => name);
    expect(kept).toEqual(
      expect.arrayContaining(['gray', 'red', 'orange', 'yellow', 'green', 'blue']),
    );
    for (const palette of kept.filter((name) => !name.endsWith('Alpha'))) {
      expect(system.token(`colors.${palette}.600`)).toBeDefined();
      expect(system.token(`colors.${palette}.solid`)).toBeDefined();
      expect(system.token(`colors.${palette}.fg`)).toBeDefined();
    }
    expect(system.token('colors.brand.primary')).toBe('#123456');
  });

  it('leaves out the palettes nothing uses, and nothing in the apps names one of them', () => {
    const system = brandSystem(brand);
    for (const palette of OTHER_PALETTES) {
      expect(system.token(`colors.${palette}.600`)).toBeUndefined();
    }
    const apps = fs
      .readdirSync(repoRoot)
      .filter((name) => name === 'shell' || name.startsWith('mf-'))
      .map((name) => path.join(repoRoot, name, 'src'))
      .concat(path.join(repoRoot, 'shared/ui/src'));
    const named = new RegExp(`['"\`](${OTHER_PALETTES.join('|')})(\\.[a-z0-9]+)?['"\`]`);
    const offenders = apps
      .flatMap(sourceFiles)
      .filter((file) => file !== path.join(__dirname, 'brand-system.ts'))
      .filter((file) => named.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });
});
