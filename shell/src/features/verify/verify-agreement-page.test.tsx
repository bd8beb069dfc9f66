// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { AgreementVerification } from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render, screen, within } from '@testing-library/react';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { VerificationReport } from './verify-agreement-page';

const REPORT: AgreementVerification = {
  agreementNo: 'AGR-AC-2026-000042',
  stage: 'COMPLETED',
  version: 4,
  sha256: 'a'.repeat(64),
  updatedAt: '2026-11-20T03:00:00.000Z',
  intact: true,
  versions: [],
  signers: [
    { role: 'BORROWER', name: 'Nur Aisyah', signedAt: '2026-11-20T02:00:00.000Z' },
    { role: 'GUARANTOR', name: 'Lim Wei Ming', signedAt: '2026-11-20T02:30:00.000Z' },
    { role: 'LENDER', name: 'ArkCash Sdn Bhd', signedAt: '2026-11-20T03:00:00.000Z' },
  ],
  signatures: [],
};

function show(report: AgreementVerification, language: 'EN' | 'MS' = 'EN') {
  brandStore.set(brands.arkcash);
  registerTranslations('shell', { en, ms });
  setLanguage(language);
  render(
    <PlatformRoot>
      <VerificationReport report={report} />
    </PlatformRoot>,
  );
}

describe('agreement verification report', () => {
  afterEach(() => setLanguage('EN'));

  it('says an intact agreement checks out and lists each signer in Malaysia time', () => {
    show(REPORT);
    expect(screen.getByTestId('verification-verdict').textContent).toMatch(
      /intact.*AGR-AC-2026-000042.*signed by everyone and sealed/s,
    );
    const signers = within(screen.getByTestId('verification-signers')).getAllByRole('listitem');
    expect(signers.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Nur Aisyah \(borrower\), 20 November 2026.*10:00/),
      expect.stringMatching(/Lim Wei Ming \(guarantor\), .*10:30/),
      expect.stringMatching(/ArkCash Sdn Bhd \(lender's seal\), .*11:00/),
    ]);
    expect(screen.getByTestId('verification-sha256').textContent).toBe('a'.repeat(64));
  });

  it('warns, in Malay too, when the kept file or a signature no longer checks out', () => {
    show({ ...REPORT, intact: false, stage: 'SIGNED', signers: [] }, 'MS');
    expect(screen.getByTestId('verification-verdict').textContent).toMatch(/TIDAK sah/);
    expect(screen.getByText('Belum ada yang menandatangani perjanjian ini.')).toBeTruthy();
  });
});
