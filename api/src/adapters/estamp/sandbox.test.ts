import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { stampDuty } from '@lending/domain';
import { PDFDocument } from 'pdf-lib';

import type { Clock } from '../../kernel/clock';
import type { StampInput } from './port';
import { sandboxEstamp, StampRefused } from './sandbox';

const at = new Date('2026-11-24T09:15:00.000Z');
const clock: Clock = { now: () => at };

const INPUT: StampInput = {
  agreementNo: 'AGR-AC-2026-000042',
  documentSha256: createHash('sha256').update('the signed agreement').digest('hex'),
  stampDutySen: stampDuty(1_000_000),
  parties: [
    {
      role: 'LENDER',
      name: 'Arkcash Credit Sdn Bhd',
      idNo: '201901000005',
      shownIdNo: '201901000005',
    },
    {
      role: 'BORROWER',
      name: 'Siti Aminah binti Abdullah',
      idNo: '900101145678',
      shownIdNo: '900101******',
    },
    { role: 'GUARANTOR', name: 'Tan Ah Kow', idNo: '850505105555', shownIdNo: '850505******' },
  ],
};

function textOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-'));
  const file = path.join(dir, 'certificate.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('sandbox e-stamping', () => {
  it('issues a certificate PDF naming the agreement, the duty, the parties and the hash', async () => {
    const certificate = await sandboxEstamp({ clock }).stamp(INPUT);
    expect(certificate.issuedAt).toEqual(at);
    expect(certificate.certificateNo).toMatch(/^SB-STM-[0-9A-F]{12}$/);
    expect(certificate.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const parsed = await PDFDocument.load(certificate.pdf);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getSubject()).toBe('Agreement AGR-AC-2026-000042');
    const text = textOf(certificate.pdf);
    expect(text).toContain(certificate.certificateNo);
    expect(text).toContain('AGR-AC-2026-000042');
    // RM5 for every RM1,000 of RM10,000: the domain's figure, printed as such.
    expect(text).toContain('RM 50.00');
    // People's numbers as the platform shows them; the stamp office registered them whole.
    expect(text).toContain('Siti Aminah binti Abdullah (900101******)');
    expect(text).toContain('GUARANTOR: Tan Ah Kow (850505******)');
    expect(text).not.toContain('850505105555');
    expect(text).toContain('Arkcash Credit Sdn Bhd (201901000005)');
    expect(text.replace(/\s+/g, '')).toContain(INPUT.documentSha256);
  });

  it('gives the same document the same certificate number, and another document another', async () => {
    const estamp = sandboxEstamp({ clock });
    const first = await estamp.stamp(INPUT);
    const again = await estamp.stamp(INPUT);
    const other = await estamp.stamp({
      ...INPUT,
      documentSha256: createHash('sha256').update('another version').digest('hex'),
    });
    expect(again.certificateNo).toBe(first.certificateNo);
    expect(other.certificateNo).not.toBe(first.certificateNo);
  });

  it('refuses what the stamp office would refuse', async () => {
    const estamp = sandboxEstamp({ clock });
    await expect(estamp.stamp({ ...INPUT, documentSha256: 'abc' })).rejects.toBeInstanceOf(
      StampRefused,
    );
    await expect(estamp.stamp({ ...INPUT, stampDutySen: -1 })).rejects.toBeInstanceOf(StampRefused);
    await expect(estamp.stamp({ ...INPUT, stampDutySen: 1.5 })).rejects.toBeInstanceOf(
      StampRefused,
    );
    await expect(
      estamp.stamp({ ...INPUT, parties: INPUT.parties.filter((p) => p.role !== 'BORROWER') }),
    ).rejects.toBeInstanceOf(StampRefused);
    await expect(
      estamp.stamp({ ...INPUT, parties: INPUT.parties.filter((p) => p.role !== 'LENDER') }),
    ).rejects.toBeInstanceOf(StampRefused);
  });
});
