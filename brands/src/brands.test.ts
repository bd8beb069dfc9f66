/**
 * @jest-environment jsdom
 */
// jsdom for its DOMParser: every picture is parsed as XML, so a malformed file fails here.
import fs from 'node:fs';
import path from 'node:path';

import type { BrandPack } from '@lending/contracts';
import { TENANTS } from '@lending/contracts';

import { contrastRatio } from './contrast';
import { brandById, brands } from './index';
import { isLicenceValidOn, licenceNumberExpiry } from './licence';

const WHITE = '#ffffff';
const AA = 4.5;
/** The day the licence checks run against: fixed, so the suite does not change with the clock. */
const AS_OF = '2026-11-23';

const HEX = /^#[0-9a-f]{6}$/i;

function assetsOf(brand: BrandPack): string[] {
  const files = [
    'logo-white.svg',
    'logo-primary.svg',
    'favicon.svg',
    'eligibility-age.svg',
    'eligibility-business.svg',
    'eligibility-turnover.svg',
    'eligibility-income.svg',
    'hero.svg',
  ];
  if (brand.logos.pink) files.push('logo-pink.svg');
  return files;
}

describe('contrastRatio', () => {
  it('gives the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow('Not a #rrggbb colour');
  });
});

describe('isLicenceValidOn', () => {
  const company = { licenceValidFrom: '2025-07-25', licenceValidTo: '2027-07-24' };

  it('includes both ends of the validity period', () => {
    expect(isLicenceValidOn(company, '2025-07-24')).toBe(false);
    expect(isLicenceValidOn(company, '2025-07-25')).toBe(true);
    expect(isLicenceValidOn(company, '2027-07-24')).toBe(true);
    expect(isLicenceValidOn(company, '2027-07-25')).toBe(false);
  });

  it('refuses a day that is not an ISO date', () => {
    expect(() => isLicenceValidOn(company, '24/07/2027')).toThrow('Not an ISO date');
  });
});

describe('brand packs', () => {
  it('has one pack per tenant, each of its own id', () => {
    expect(Object.keys(brands).sort()).toEqual([...TENANTS].sort());
    for (const id of TENANTS) expect(brandById(id).id).toBe(id);
    expect(() => brandById('bluecash')).toThrow('Unknown brand');
  });

  it('uses the colours of the specification exactly', () => {
    expect(brands.arkcash.theme.primary.toLowerCase()).toBe('#001529');
    expect(brands.arkcash.theme.secondaryFill.toLowerCase()).toBe('#0500bb');
    expect(brands.redcash.theme.primary.toLowerCase()).toBe('#00179a');
    expect(brands.redcash.theme.secondaryFill.toLowerCase()).toBe('#ff4700');
  });

  it('never shares a licence number, company number or contact address between tenants', () => {
    const [a, b] = TENANTS.map((id) => brands[id].company);
    expect(a!.moneylenderLicenceNo).not.toBe(b!.moneylenderLicenceNo);
    expect(a!.registrationNo).not.toBe(b!.registrationNo);
    expect(a!.contactEmail).not.toBe(b!.contactEmail);
  });

  describe.each(Object.values(brands))('$id', (brand) => {
    const { theme, company } = brand;

    it('is complete: every text filled in, every colour a #rrggbb value', () => {
      expect(brand.displayName.trim()).not.toBe('');
      for (const [token, value] of Object.entries(theme)) {
        if (token === 'statusCardShadow') expect(value).toMatch(/rgba?\(/);
        else expect({ token, value }).toEqual({ token, value: expect.stringMatching(HEX) });
      }
      for (const url of [...Object.values(brand.logos), ...Object.values(brand.images)])
        expect(url).toEqual(expect.any(String));
      for (const value of Object.values(company).flat()) {
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
      }
      expect(company.businessHours.en.trim()).not.toBe('');
      expect(company.businessHours.ms.trim()).not.toBe('');
    });

    it('keeps white text on the primary colour readable (AA, 4.5:1)', () => {
      expect(contrastRatio(WHITE, theme.primary)).toBeGreaterThanOrEqual(AA);
    });

    it.each([
      ['text on the secondary fill (the main buttons)', theme.onSecondaryFill, theme.secondaryFill],
      ['accent text on white', theme.accentText, WHITE],
      ['link on white', theme.link, WHITE],
      ['hovered link on white', theme.hover, WHITE],
      ['secondary text on white', theme.secondaryText, WHITE],
      ['footer text on the primary colour', theme.footerText, theme.primary],
      ['steps text on the steps background', theme.stepsText, theme.stepsBackground],
      ['primary text on the status card', theme.primary, theme.statusCardBackground],
      ['secondary text on the status card', theme.secondaryText, theme.statusCardBackground],
    ])('keeps %s readable (AA, 4.5:1)', (_pair, foreground, background) => {
      expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA);
    });

    it(`holds a moneylender licence valid on ${AS_OF}, its number carrying its expiry date`, () => {
      expect(company.licenceValidFrom < company.licenceValidTo).toBe(true);
      expect(isLicenceValidOn(company, AS_OF)).toBe(true);
      expect(licenceNumberExpiry(company.moneylenderLicenceNo)).toBe(company.licenceValidTo);
    });

    it('gives a new-format local company number (entity code 01) with the old number', () => {
      expect(company.registrationNo).toMatch(/^(19|20)\d{2}01\d{6} \(\d{6,7}-[A-Z]\)$/);
    });

    it('gives a Kuala Lumpur office address and its own web, mail and social addresses', () => {
      expect(company.addressLines.join(', ')).toMatch(/\b50\d{3} Kuala Lumpur\b/);
      expect(company.addressLines.join(', ')).toMatch(/Wilayah Persekutuan/);
      expect(company.contactEmail).toMatch(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/);
      expect(company.marketingSiteUrl).toMatch(/^https:\/\/www\./);
      expect(company.messagingUrl).toMatch(/^https:\/\/wa\.me\/60\d{8,10}$/);
      expect(company.social.facebook).toMatch(/^https:\/\/www\.facebook\.com\//);
      expect(company.social.instagram).toMatch(/^https:\/\/www\.instagram\.com\//);
    });

    describe.each(assetsOf(brand))('asset %s', (file) => {
      const svg = fs.readFileSync(path.join(__dirname, brand.id, 'assets', file), 'utf8');

      it('is an SVG document with a viewBox, small enough to inline in a page', () => {
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="[\d .]+"/,
        );
        expect(svg.trim().endsWith('</svg>')).toBe(true);
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
        expect(doc.documentElement.localName).toBe('svg');
        expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
        expect(svg).not.toMatch(/<script|\bon\w+=|xlink:href|<image\b/i);
        const limit = file.startsWith('logo-') || file === 'favicon.svg' ? 3 * 1024 : 6 * 1024;
        expect(Buffer.byteLength(svg)).toBeLessThan(limit);
      });

      if (file.startsWith('logo-')) {
        it('carries the wordmark and an accessible name', () => {
          expect(svg).toContain(`aria-label="${brand.displayName}"`);
          expect(svg.replace(/<[^>]+>/g, '')).toContain(brand.displayName);
          expect(svg).toMatch(/font-family="[^"]*sans-serif"/);
        });
      } else {
        it('bakes in no text (the UI adds captions in the reader’s language)', () => {
          expect(svg).not.toMatch(/<text\b/);
        });
      }
    });

    it('uses its own colours in its pictures', () => {
      const hero = fs.readFileSync(path.join(__dirname, brand.id, 'assets/hero.svg'), 'utf8');
      expect(hero.toLowerCase()).toContain(theme.primary.toLowerCase());
      expect(hero.toLowerCase()).toContain(theme.secondaryFill.toLowerCase());
    });
  });
});
