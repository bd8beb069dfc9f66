// Time to build and to sign a Schedule J agreement, and the PDF's size. The certificate
// authority is the sandbox one, its records kept in memory here (the database is not what is
// measured). Run: pnpm --filter @lending/api bench:agreement-pdf
import { randomBytes } from 'node:crypto';

import { approvedLoanSummary, instalmentDueDates } from '@lending/domain';

import { sandboxCertificateAuthority } from '../src/adapters/certificate-authority/sandbox';
import type { CertificateAuthorityStore } from '../src/adapters/certificate-authority/store';
import { createSealer } from '../src/crypto/sealed';
import type { Orm } from '../src/db/database';
import { systemClock } from '../src/kernel/clock';
import type { AgreementFacts } from '../src/modules/agreement-documents/facts';
import { LENDERS } from '../src/modules/agreement-documents/lender';
import { buildAgreementPdf } from '../src/modules/agreement-documents/schedule';
import { signIncrementally } from '../src/modules/agreement-documents/signature';

const RUNS = Number(process.env.RUNS ?? 5);

function memoryStore(): CertificateAuthorityStore {
  const roots = new Map<string, Awaited<ReturnType<CertificateAuthorityStore['root']>>>();
  const certificates = new Map<
    string,
    Awaited<ReturnType<CertificateAuthorityStore['certificate']>>
  >();
  return {
    root: async (_on, name) => roots.get(name) ?? null,
    keepRoot: async (_on, name, root) => {
      if (!roots.has(name)) roots.set(name, root);
      return roots.get(name)!;
    },
    certificate: async (_on, fingerprint) => certificates.get(fingerprint) ?? null,
    keepCertificate: async (_on, issued) => {
      certificates.set(issued.holderFingerprint, issued);
      return issued;
    },
  };
}

const offer = approvedLoanSummary({
  approvedSen: 1_000_000,
  tenureMonths: 12,
  annualRateBp: 1680,
  security: 'UNSECURED',
});
const dueDates = instalmentDueDates('2026-12-24', 12);
const facts: AgreementFacts = {
  form: 'J',
  agreementNo: 'AGR-AC-2026-000001',
  agreementDate: '2026-11-24',
  lender: LENDERS.arkcash,
  borrower: {
    name: 'Kedai Runcit Maju Sdn. Bhd.',
    idLabelMs: 'No. Pendaftaran',
    idLabelEn: 'Registration No.',
    idNo: '202001234567',
    addressLines: ['No. 1, Jalan Maju', '50000 Kuala Lumpur'],
  },
  signatory: { name: 'Siti binti Ahmad', idNo: '900101145678' },
  principalSen: offer.approvedSen,
  lateChargeRateBp: 800,
  annualRateBp: offer.annualRateBp,
  tenureMonths: offer.tenureMonths,
  monthlyInstalmentSen: offer.monthlyInstalmentSen,
  lastInstalmentSen: offer.lastInstalmentSen,
  totalInterestSen: offer.totalInterestSen,
  totalRepayableSen: offer.totalRepayableSen,
  stampDutySen: offer.stampDutySen,
  attestationFeeSen: offer.attestationFeeSen,
  referralWaiverSen: offer.referralWaiverSen,
  loanProtection: null,
  netReceivedSen: offer.netReceivedSen,
  effectiveAnnualRateBp: offer.effectiveAnnualRateBp,
  firstRepaymentDate: dueDates[0]!,
  repaymentDay: 24,
  instalments: dueDates.map((dueDate, i) => ({
    number: i + 1,
    dueDate,
    amountSen: i === 11 ? offer.lastInstalmentSen : offer.monthlyInstalmentSen,
  })),
  security: null,
  verificationUrl: 'http://localhost:3000/verify/0123456789abcdefghij',
};

const authority = sandboxCertificateAuthority({
  db: {} as Orm,
  store: memoryStore(),
  sealer: createSealer(randomBytes(32)),
  clock: systemClock,
});
await authority.enrol({ name: 'Siti binti Ahmad', idNo: '900101145678' });

const build: number[] = [];
const sign: number[] = [];
let size = 0;
let signedSize = 0;
for (let run = 0; run < RUNS; run += 1) {
  let start = performance.now();
  const pdf = await buildAgreementPdf(facts, { createdAt: new Date(), documentId: `bench-${run}` });
  build.push(performance.now() - start);
  start = performance.now();
  const signed = await signIncrementally(pdf, authority, {
    fieldName: 'BORROWER-1',
    name: 'Siti binti Ahmad',
    reason: 'bench',
    location: 'Malaysia',
    contactInfo: '+6012***4567',
    signingTime: new Date(),
    idNo: '900101145678',
  });
  sign.push(performance.now() - start);
  size = pdf.length;
  signedSize = signed.length;
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `Schedule J, ${RUNS} runs (median): build ${median(build).toFixed(0)} ms, sign ${median(sign).toFixed(0)} ms`,
);
console.log(
  `size: ${(size / 1024).toFixed(1)} KiB unsigned, ${(signedSize / 1024).toFixed(1)} KiB with one signature`,
);
