// Every pair of text colour and background colour the screens draw with a brand token, read from
// the screens' own JSX, measured in both brands against WCAG AA (4.5:1): a token changed in a
// pack, or a new pairing in a screen, is caught here rather than by axe on one page of one brand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { BrandTheme } from '@lending/contracts';
import ts from 'typescript';

import { contrastRatio } from './contrast';
import { brands } from './index';

const repoRoot = path.resolve(__dirname, '../..');
const AA = 4.5;

const SCREEN_ROOTS = [
  'shell/src',
  'mf-onboarding/src',
  'mf-loan-status/src',
  'mf-repayment/src',
  'mf-guarantor/src',
  'mf-admin/src',
  'shared/ui/src',
];

/** Components drawn inside another file's (or another function's) box: the background their
 *  text sits on, since the JSX that gives it is elsewhere. */
const DRAWN_ON: Record<string, Record<string, string>> = {
  'shell/src/features/layout/account-menu.tsx': { AccountMenu: 'brand.primary' },
  'shell/src/features/layout/footer.tsx': { external: 'brand.primary' },
  'mf-admin/src/app/staff-layout.tsx': { LanguageToggle: 'brand.primary' },
};

/** The page's own background, under anything that sets none. */
const PAGE = 'white';

/** Graphics, not text (a spinner's arc): WCAG 1.4.11 asks 3:1 of them. */
const GRAPHICS = new Set(['Spinner']);
const NON_TEXT = 3;

/** `colorPalette="brand"` on a button: its solid fill and the text drawn on it. */
const PALETTE_PAIRS: Record<string, { text: string; background: string }> = {
  brand: { text: 'brand.onSecondaryFill', background: 'brand.secondaryFill' },
};

/** Chakra names of the brand tokens (shared/ui's brand system) and the theme keys behind them. */
const TOKENS: Record<string, keyof BrandTheme> = {
  'brand.primary': 'primary',
  'brand.secondaryFill': 'secondaryFill',
  'brand.onSecondaryFill': 'onSecondaryFill',
  'brand.accentText': 'accentText',
  'brand.link': 'link',
  'brand.hover': 'hover',
  'brand.secondaryText': 'secondaryText',
  'brand.footerText': 'footerText',
  'brand.stepsBg': 'stepsBackground',
  'brand.stepsText': 'stepsText',
  'brand.statusCardBg': 'statusCardBackground',
};

function colourOf(name: string, theme: BrandTheme): string | null {
  if (name === 'white') return '#ffffff';
  if (name === 'black') return '#000000';
  const token = TOKENS[name];
  return token ? theme[token] : null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [relative] : [];
  });
}

/** The string values an attribute may take, each with the branch conditions that lead to it, so
 *  `a ? 'x' : 'y'` on the colour pairs with the same branch on the background. */
type Leaf = { when: string; value: string };

function leaves(expression: ts.Expression | undefined, when = ''): Leaf[] {
  if (!expression) return [];
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [{ when, value: expression.text }];
  }
  if (ts.isParenthesizedExpression(expression)) return leaves(expression.expression, when);
  if (ts.isConditionalExpression(expression)) {
    const condition = expression.condition.getText();
    return [
      ...leaves(expression.whenTrue, `${when}&(${condition})`),
      ...leaves(expression.whenFalse, `${when}&!(${condition})`),
    ];
  }
  return [];
}

function attribute(element: ts.JsxOpeningLikeElement, names: string[]): Leaf[] | null {
  for (const property of element.attributes.properties) {
    if (!ts.isJsxAttribute(property) || !names.includes(property.name.getText())) continue;
    const init = property.initializer;
    if (!init) return null;
    if (ts.isStringLiteral(init)) return [{ when: '', value: init.text }];
    if (ts.isJsxExpression(init)) return leaves(init.expression);
  }
  return null;
}

/** The name of the function a node is drawn in (a declaration or a const holding an arrow). */
function enclosingFunction(node: ts.Node): string | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text;
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && at.parent) {
      if (ts.isVariableDeclaration(at.parent)) return at.parent.name.getText();
    }
  }
  return null;
}

interface Pairing {
  where: string;
  text: string;
  background: string;
  minimum: number;
}

function pairingsIn(file: string): Pairing[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(repoRoot, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: Pairing[] = [];
  const visit = (node: ts.Node, backgrounds: Leaf[][]) => {
    let inner = backgrounds;
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      const element = ts.isJsxElement(node) ? node.openingElement : node;
      const bg = attribute(element, ['bg', 'background', 'backgroundColor']);
      const color = attribute(element, ['color']);
      const fallback = (): string => {
        for (let i = backgrounds.length - 1; i >= 0; i -= 1) {
          const solid = backgrounds[i]!.find((leaf) => leaf.value !== 'transparent');
          if (solid && backgrounds[i]!.length === 1) return solid.value;
        }
        return DRAWN_ON[file]?.[enclosingFunction(node) ?? ''] ?? PAGE;
      };
      const where = `${file}:${source.getLineAndCharacterOfPosition(element.getStart()).line + 1}`;
      const minimum = GRAPHICS.has(element.tagName.getText()) ? NON_TEXT : AA;
      const variant = attribute(element, ['variant']);
      for (const palette of attribute(element, ['colorPalette']) ?? []) {
        const solid = !variant || variant.some((leaf) => leaf.value === 'solid');
        const pair = PALETTE_PAIRS[palette.value];
        if (pair && solid) found.push({ where, ...pair, minimum });
      }
      for (const text of color ?? []) {
        // Branches of one condition pair with each other; a plain value pairs with every branch.
        const under = (bg ?? []).filter(
          (leaf) => !text.when || !leaf.when || leaf.when === text.when,
        );
        const backdrops = under.length ? under.map((leaf) => leaf.value) : [fallback()];
        for (const background of backdrops) {
          found.push({
            where,
            text: text.value,
            background: background === 'transparent' ? fallback() : background,
            minimum,
          });
        }
      }
      if (bg) inner = [...backgrounds, bg];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

const pairings = SCREEN_ROOTS.flatMap(sourceFiles).flatMap(pairingsIn);

describe('the colours the screens draw text in', () => {
  it('are found in the screens: brand tokens on brand tokens and white', () => {
    const on = (text: string, background: string) =>
      pairings.some((pairing) => pairing.text === text && pairing.background === background);
    expect(on('brand.footerText', 'brand.primary')).toBe(true);
    expect(on('white', 'brand.primary')).toBe(true);
    expect(on('brand.stepsText', 'brand.stepsBg')).toBe(true);
    expect(on('brand.onSecondaryFill', 'brand.secondaryFill')).toBe(true);
    expect(pairings.length).toBeGreaterThan(80);
  });

  describe.each(Object.values(brands))('in $id', ({ theme }) => {
    it('reach WCAG AA (4.5:1) on their backgrounds, every one', () => {
      const failing = pairings.flatMap(({ where, text, background, minimum }) => {
        const fg = colourOf(text, theme);
        const bg = colourOf(background, theme);
        if (!fg || !bg) return [];
        const ratio = contrastRatio(fg, bg);
        return ratio >= minimum
          ? []
          : [`${where}: ${text} on ${background} is ${ratio.toFixed(2)}:1`];
      });
      expect(failing).toEqual([]);
    });
  });
});
