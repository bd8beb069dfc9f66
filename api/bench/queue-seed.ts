// The queue bench's data: `count` applicants, each with an organization and one application,
// spread the way a lender's book looks after two years (mostly settled files, a working queue
// of a few thousand, some drafts), inserted a thousand rows a statement.
import type { Sealer } from '../src/crypto/sealed';
import type { Orm } from '../src/db/database';
import { applications, organizations, users } from '../src/db/schema';

/** A small seeded generator, so every run (and both databases) see the same book. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUS_WEIGHTS: [string, number][] = [
  ['DRAFT', 5],
  ['PENDING', 22],
  ['KIV', 7],
  ['REQUESTED_FOR_INTERVIEW', 4],
  ['PSYCHOMETRIC_TEST', 4],
  ['REDO_PSYCHOMETRIC_TEST', 1],
  ['REFERBACK', 6],
  ['SUBMITTED_FOR_APPROVAL_1', 4],
  ['SUBMITTED_FOR_APPROVAL_2', 2],
  ['APPROVED', 22],
  ['REJECTED', 17],
  ['CANCELLED', 6],
];
const CLOSED = new Set(['APPROVED', 'REJECTED', 'CANCELLED']);

const GIVEN = [
  'Aminah',
  'Siti',
  'Nurul',
  'Ahmad',
  'Muhammad',
  'Lim',
  'Tan',
  'Wong',
  'Chong',
  'Raj',
  'Kumar',
  'Devi',
  'Farid',
  'Hafiz',
  'Mei Ling',
  'Wei Jie',
  'Arjun',
  'Priya',
  'Zainal',
  'Rosli',
  'Faridah',
  'Azman',
  'Kamal',
  'Suresh',
];
const FAMILY = [
  'binti Hassan',
  'bin Ali',
  'binti Ismail',
  'bin Abdullah',
  'Ah Kow',
  'Siew Lan',
  'a/l Muthu',
  'a/p Rajan',
  'bin Osman',
  'binti Yusof',
  'Kok Leong',
  'Mei Fong',
];
const TRADE = [
  'Kedai Runcit',
  'Bengkel',
  'Warung',
  'Kedai Makan',
  'Dobi',
  'Salun',
  'Kedai Buku',
  'Pasar Mini',
  'Katering',
  'Kedai Kek',
  'Bengkel Motor',
  'Tadika',
  'Klinik Haiwan',
  'Percetakan',
];
const PLACE = [
  'Maju',
  'Jaya',
  'Sentosa',
  'Harmoni',
  'Bestari',
  'Ceria',
  'Gemilang',
  'Indah',
  'Makmur',
  'Setia',
  'Murni',
  'Damai',
  'Kencana',
  'Permai',
];
const SUFFIX: Record<string, string[]> = {
  SOLE_PROP: ['', ' Enterprise', ' Trading'],
  PARTNERSHIP: [' & Rakan', ' Partners', ' Resources'],
  COMPANY: [' Sdn Bhd', ' Sdn. Bhd.', ' Holdings Sdn Bhd'],
};
const ENTITY_CODE = { SOLE_PROP: '03', PARTNERSHIP: '04', COMPANY: '01' } as const;

export interface QueueSample {
  referenceNo: string;
  companyWord: string;
  businessRegistrationNo: string;
  identityCard: string;
}

/** Writes the book; answers a few of its values to search for. */
export async function seedQueue(
  db: Orm,
  sealer: Sealer,
  options: { count: number; officerIds: string[]; now?: Date },
): Promise<QueueSample> {
  const next = random(20_260_301);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const totalWeight = STATUS_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const status = () => {
    let roll = next() * totalWeight;
    for (const [name, weight] of STATUS_WEIGHTS) if ((roll -= weight) < 0) return name;
    return 'PENDING';
  };
  const now = (options.now ?? new Date()).getTime();
  const twoYears = 730 * 24 * 3600 * 1000;
  let sample: QueueSample | null = null;
  const CHUNK = 1000;
  for (let start = 0; start < options.count; start += CHUNK) {
    const size = Math.min(CHUNK, options.count - start);
    const people = Array.from({ length: size }, (_, i) => {
      const n = start + i + 1;
      const tenant = next() < 0.8 ? ('arkcash' as const) : ('redcash' as const);
      const organizationType = pick(['SOLE_PROP', 'SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const);
      const applicantName = `${pick(GIVEN)} ${pick(FAMILY)}`;
      const companyWord = pick(PLACE);
      const createdAt = new Date(now - Math.floor(next() * next() * twoYears));
      const year = createdAt.getUTCFullYear();
      // YYMMDD of an adult, a known place of birth, then the running digits.
      const nric =
        `${String(60 + Math.floor(next() * 40)).padStart(2, '0')}` +
        `${String(1 + Math.floor(next() * 12)).padStart(2, '0')}` +
        `${String(1 + Math.floor(next() * 28)).padStart(2, '0')}` +
        `${String(1 + Math.floor(next() * 14)).padStart(2, '0')}` +
        `${String(n % 10_000).padStart(4, '0')}`;
      const state = status();
      return {
        n,
        tenant,
        organizationType,
        applicantName,
        companyName: `${pick(TRADE)} ${companyWord}${pick(SUFFIX[organizationType]!)}`,
        companyWord,
        brn: `${2000 + (n % 26)}${ENTITY_CODE[organizationType]}${String(n).padStart(6, '0')}`,
        nric,
        status: state,
        createdAt,
        // Most loans asked for are small: RM5,000 to RM50,000 in RM500 steps, weighted low.
        amountSen: (5_000 + Math.floor(next() * next() * 91) * 500) * 100,
        tenureMonths: pick([6, 12, 18, 24]),
        referenceNo: `${tenant === 'arkcash' ? 'AC' : 'RC'}-${year}-${String(n).padStart(6, '0')}`,
        officer:
          state === 'DRAFT' || (state === 'PENDING' && next() < 0.5)
            ? null
            : options.officerIds.length
              ? pick(options.officerIds)
              : null,
      };
    });
    const userRows = await db
      .insert(users)
      .values(
        people.map((p) => ({
          tenant: p.tenant,
          email: `applicant${p.n}@bench.example.com`,
          passwordHash: 'bench-not-a-password',
          firstName: p.applicantName,
          createdAt: p.createdAt,
        })),
      )
      .returning({ id: users.id });
    const organizationRows = await db
      .insert(organizations)
      .values(
        people.map((p, i) => ({
          tenant: p.tenant,
          userId: userRows[i]!.id,
          organizationType: p.organizationType,
          companyName: p.companyName,
          newBusinessRegistrationNo: p.brn,
          applicantName: p.applicantName,
          applicantEmail: `applicant${p.n}@bench.example.com`,
          applicantIdentityCardSealed: sealer.seal(p.nric),
          applicantIdentityCardHash: sealer.fingerprint(p.nric),
          applicantIdentityCardType: 'MYKAD' as const,
          createdAt: p.createdAt,
        })),
      )
      .returning({ id: organizations.id });
    await db.insert(applications).values(
      people.map((p, i) => {
        const submitted = p.status === 'DRAFT' ? null : new Date(p.createdAt.getTime() + 3_600_000);
        return {
          tenant: p.tenant,
          userId: userRows[i]!.id,
          organizationId: organizationRows[i]!.id,
          referenceNo: p.referenceNo,
          status: p.status,
          requestedAmountSen: p.amountSen,
          tenureMonths: p.tenureMonths,
          submittedAt: submitted,
          cancelledAt: p.status === 'CANCELLED' ? submitted : null,
          assignedOfficerId: p.officer,
          assignedAt: p.officer ? submitted : null,
          createdAt: p.createdAt,
          updatedAt: submitted ?? p.createdAt,
        };
      }),
    );
    const middle = people[Math.floor(size / 2)]!;
    if (!sample && !CLOSED.has(middle.status) && middle.status !== 'DRAFT') {
      sample = {
        referenceNo: middle.referenceNo,
        companyWord: middle.companyWord,
        businessRegistrationNo: middle.brn,
        identityCard: middle.nric,
      };
    }
  }
  if (!sample) throw new Error('the seeded book has no open file to search for');
  return sample;
}
