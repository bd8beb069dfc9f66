import { randomBytes, randomUUID } from 'node:crypto';

import { QUEUE_PATHS } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { createSealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { applications, auditLog, organizations, staffUsers, users } from '../../db/schema';
import { addStaff, type Caller, caller, register, staffLogin } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));

interface FileSpec {
  referenceNo: string;
  status: string;
  tenant?: 'arkcash' | 'redcash';
  organizationType?: 'SOLE_PROP' | 'PARTNERSHIP' | 'COMPANY';
  companyName: string;
  applicantName: string;
  brn: string;
  identityCard?: string;
  amountSen?: number | null;
  submittedAt?: string | null;
  officerId?: string | null;
}

/** An applicant with their organization and one application, written as the journey leaves
 *  them (the queue only reads what is there). */
async function file(db: Orm, spec: FileSpec): Promise<string> {
  const tenant = spec.tenant ?? 'arkcash';
  const [user] = await db
    .insert(users)
    .values({
      tenant,
      email: `${randomUUID()}@example.com`,
      passwordHash: 'not-a-password',
      firstName: spec.applicantName,
    })
    .returning();
  const [organization] = await db
    .insert(organizations)
    .values({
      tenant,
      userId: user!.id,
      organizationType: spec.organizationType ?? 'SOLE_PROP',
      companyName: spec.companyName,
      newBusinessRegistrationNo: spec.brn,
      applicantName: spec.applicantName,
      applicantEmail: user!.email,
      ...(spec.identityCard
        ? {
            applicantIdentityCardSealed: sealer.seal(spec.identityCard),
            applicantIdentityCardHash: sealer.fingerprint(spec.identityCard),
            applicantIdentityCardType: /^\d{12}$/.test(spec.identityCard) ? 'MYKAD' : 'PASSPORT',
          }
        : {}),
    })
    .returning();
  const [application] = await db
    .insert(applications)
    .values({
      tenant,
      userId: user!.id,
      organizationId: organization!.id,
      referenceNo: spec.referenceNo,
      status: spec.status,
      requestedAmountSen: spec.amountSen === undefined ? 1_000_000 : spec.amountSen,
      tenureMonths: 12,
      submittedAt: spec.submittedAt ? new Date(spec.submittedAt) : null,
      assignedOfficerId: spec.officerId ?? null,
      assignedAt: spec.officerId ? new Date() : null,
    })
    .returning();
  return application!.id;
}

async function staffId(db: Orm, email: string): Promise<string> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row!.id;
}

async function staffMember(t: TestApp, call: Caller, name: string, roles: string[]) {
  const email = `${name}.${randomBytes(3).toString('hex')}@lender.test`;
  await addStaff(t.db.orm, email, `${name} password`, roles);
  return {
    id: await staffId(t.db.orm, email),
    token: (await staffLogin(call, email, `${name} password`)).accessToken,
  };
}

const refs = (body: { data: { referenceNo: string }[] }) => body.data.map((row) => row.referenceNo);

describe.each(databases('concurrency'))('the staff queue on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let officer: { id: string; token: string };
  let colleague: { id: string; token: string };
  let support: { id: string; token: string };

  const list = (query = '', token = support.token) =>
    call('GET', `${QUEUE_PATHS.list}${query ? `?${query}` : ''}`, { token });
  const listed = async (query: string, token?: string) => {
    const answer = await list(query, token);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    t = await openTestApp(kind, { dataKey: DATA_KEY });
    call = caller(t.app);
    officer = await staffMember(t, call, 'aisyah', ['CREDIT_OFFICER']);
    colleague = await staffMember(t, call, 'bala', ['CREDIT_OFFICER']);
    support = await staffMember(t, call, 'chong', ['CUSTOMER_SERVICE']);
    const db = t.db.orm;
    await file(db, {
      referenceNo: 'AC-2026-000101',
      status: 'PENDING',
      companyName: 'Kedai Runcit Aminah',
      applicantName: 'Aminah binti Hassan',
      brn: '202403012345',
      identityCard: '880101145678',
      amountSen: 1_000_000,
      submittedAt: '2026-03-02T01:00:00Z',
      officerId: officer.id,
    });
    await file(db, {
      referenceNo: 'AC-2026-000102',
      status: 'KIV',
      organizationType: 'COMPANY',
      companyName: 'Tech Maju Sdn Bhd',
      applicantName: 'Lim Wei Jie',
      brn: '202401054321',
      identityCard: 'A1234567',
      amountSen: 5_000_000,
      submittedAt: '2026-03-05T10:00:00Z',
    });
    await file(db, {
      referenceNo: 'RC-2026-000103',
      status: 'REFERBACK',
      tenant: 'redcash',
      organizationType: 'PARTNERSHIP',
      companyName: 'Warung Dua Saudara',
      applicantName: 'Rahman bin Ali',
      brn: '202404011111',
      amountSen: 2_500_000,
      // 00:30 on 2 March in Malaysia.
      submittedAt: '2026-03-01T16:30:00Z',
      officerId: colleague.id,
    });
    await file(db, {
      referenceNo: 'AC-2026-000104',
      status: 'DRAFT',
      companyName: 'Draft Trading',
      applicantName: 'Nur Draf',
      brn: '202403099999',
      amountSen: 700_000,
      submittedAt: null,
    });
    await file(db, {
      referenceNo: 'AC-2026-000105',
      status: 'APPROVED',
      organizationType: 'COMPANY',
      companyName: 'Syarikat 100% Halal',
      applicantName: 'Tan Mei Ling',
      brn: '202402077777',
      amountSen: 3_000_000,
      submittedAt: '2026-02-20T02:00:00Z',
      officerId: officer.id,
    });
    await file(db, {
      referenceNo: 'AC-2026-000106',
      status: 'PENDING',
      companyName: 'Kedai Buku Aminah',
      applicantName: 'Siti Hajar',
      brn: '202403055555',
      amountSen: 800_000,
      submittedAt: '2026-03-10T03:00:00Z',
    });
  });
  afterAll(() => t.close());

  it('lists submitted applications newest first by default, with counts per status', async () => {
    const body = await listed('');
    expect(refs(body)).toEqual([
      'AC-2026-000106',
      'AC-2026-000102',
      'AC-2026-000101',
      'RC-2026-000103',
      'AC-2026-000105',
    ]);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(body.counts).toMatchObject({ PENDING: 2, KIV: 1, REFERBACK: 1, APPROVED: 1, DRAFT: 1 });
    expect(body.counts.REJECTED).toBe(0);
    expect(body.officers.map((o: { id: string }) => o.id).sort()).toEqual(
      [officer.id, colleague.id].sort(),
    );
    const first = body.data.find(
      (row: { referenceNo: string }) => row.referenceNo === 'AC-2026-000101',
    );
    expect(first).toMatchObject({
      status: 'PENDING',
      tenant: 'arkcash',
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Runcit Aminah',
      applicantName: 'Aminah binti Hassan',
      businessRegistrationNo: '202403012345',
      requestedAmountSen: 1_000_000,
      submittedAt: '2026-03-02T01:00:00.000Z',
      version: 1,
      assignedOfficer: { id: officer.id },
      assignedToMe: false,
    });
    // The identity number itself never leaves in a list.
    expect(JSON.stringify(body)).not.toContain('880101145678');
  });

  it('filters by several statuses, and reaches drafts only when asked', async () => {
    expect(refs(await listed('status=PENDING&status=KIV&sortBy=referenceNo&order=asc'))).toEqual([
      'AC-2026-000101',
      'AC-2026-000102',
      'AC-2026-000106',
    ]);
    const drafts = await listed('status=DRAFT');
    expect(refs(drafts)).toEqual(['AC-2026-000104']);
    expect(drafts.total).toBe(1);
    // The counts stand beside any status filter: the bar keeps every figure.
    expect(drafts.counts).toMatchObject({ PENDING: 2, KIV: 1, DRAFT: 1 });
  });

  it('filters by organization type and tenant', async () => {
    const companies = await listed('organizationType=COMPANY&sortBy=referenceNo&order=asc');
    expect(refs(companies)).toEqual(['AC-2026-000102', 'AC-2026-000105']);
    expect(companies.counts).toMatchObject({ PENDING: 0, KIV: 1, APPROVED: 1 });
    expect(
      refs(await listed('organizationType=PARTNERSHIP&organizationType=COMPANY')),
    ).toHaveLength(3);
    expect(refs(await listed('tenant=redcash'))).toEqual(['RC-2026-000103']);
  });

  it('filters by submitted date on the Malaysian calendar, both ends included', async () => {
    const body = await listed(
      'submittedFrom=2026-03-02&submittedTo=2026-03-05&sortBy=referenceNo&order=asc',
    );
    // 2 March 00:30 in Malaysia is 1 March in UTC: in. 5 March 18:00 in Malaysia: in.
    expect(refs(body)).toEqual(['AC-2026-000101', 'AC-2026-000102', 'RC-2026-000103']);
    expect(refs(await listed('submittedTo=2026-03-01'))).toEqual(['AC-2026-000105']);
    expect((await list('submittedFrom=2026-03-05&submittedTo=2026-03-01')).status).toBe(400);
    expect((await list('submittedFrom=2026-02-30')).status).toBe(400);
  });

  it('filters by requested amount, both ends included', async () => {
    const body = await listed(
      'amountMinSen=1000000&amountMaxSen=3000000&sortBy=requestedAmount&order=asc',
    );
    expect(refs(body)).toEqual(['AC-2026-000101', 'RC-2026-000103', 'AC-2026-000105']);
    expect((await list('amountMinSen=5&amountMaxSen=1')).status).toBe(400);
  });

  it('filters by the officer holding the file: a named one, me, or nobody', async () => {
    expect(refs(await listed(`officer=${colleague.id}`))).toEqual(['RC-2026-000103']);
    const mine = await listed('officer=me', officer.token);
    expect(refs(mine)).toEqual(['AC-2026-000101', 'AC-2026-000105']);
    expect(mine.data.every((row: { assignedToMe: boolean }) => row.assignedToMe)).toBe(true);
    expect(refs(await listed('officer=none'))).toEqual(['AC-2026-000106', 'AC-2026-000102']);
    expect((await list('officer=someone')).status).toBe(400);
  });

  it('searches by reference number, names, business registration number and identity number', async () => {
    expect(refs(await listed('q=ac-2026-000102'))).toEqual(['AC-2026-000102']);
    expect(refs(await listed('q=000103'))).toEqual(['RC-2026-000103']);
    expect(refs(await listed('q=aminah'))).toEqual(['AC-2026-000106', 'AC-2026-000101']);
    expect(refs(await listed('q=Wei%20Jie'))).toEqual(['AC-2026-000102']);
    expect(refs(await listed('q=202404011111'))).toEqual(['RC-2026-000103']);
    expect(refs(await listed('q=20240105'))).toEqual(['AC-2026-000102']);
    expect(refs(await listed('q=880101-14-5678'))).toEqual(['AC-2026-000101']);
    expect(refs(await listed('q=a1234567'))).toEqual(['AC-2026-000102']);
    // Wildcards are taken as typed.
    expect(refs(await listed('q=100%25'))).toEqual(['AC-2026-000105']);
    expect(refs(await listed('q=_'))).toEqual([]);
    expect(refs(await listed('q=nobody%20here'))).toEqual([]);
  });

  it('pages on the server with the total, and refuses a page larger than 100', async () => {
    const second = await listed('pageSize=2&page=2');
    expect(refs(second)).toEqual(['AC-2026-000101', 'RC-2026-000103']);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    const past = await listed('pageSize=2&page=9');
    expect(past.data).toEqual([]);
    expect(past.total).toBe(5);
    expect((await list('pageSize=101')).status).toBe(400);
    expect((await list('page=0')).status).toBe(400);
  });

  it('sorts by each field, both ways', async () => {
    expect(refs(await listed('sortBy=requestedAmount&order=desc'))).toEqual([
      'AC-2026-000102',
      'AC-2026-000105',
      'RC-2026-000103',
      'AC-2026-000101',
      'AC-2026-000106',
    ]);
    expect(refs(await listed('sortBy=companyName&order=asc'))).toEqual([
      'AC-2026-000106',
      'AC-2026-000101',
      'AC-2026-000105',
      'AC-2026-000102',
      'RC-2026-000103',
    ]);
    expect(refs(await listed('sortBy=referenceNo&order=desc'))[0]).toBe('RC-2026-000103');
    // In the order a file moves through: PENDING, KIV, REFERBACK, ..., APPROVED.
    expect(refs(await listed('sortBy=status&order=asc'))).toEqual([
      'AC-2026-000101',
      'AC-2026-000106',
      'AC-2026-000102',
      'RC-2026-000103',
      'AC-2026-000105',
    ]);
    expect(refs(await listed('sortBy=submittedAt&order=asc'))[0]).toBe('AC-2026-000105');
    expect((await list('sortBy=password')).status).toBe(400);
  });

  it('is read by every staff role and by no applicant', async () => {
    for (const role of ['ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE']) {
      const member = await staffMember(t, call, role.toLowerCase(), [role]);
      expect((await list('', member.token)).status).toBe(200);
    }
    const applicant = (await register(call)).session.accessToken;
    expect((await list('', applicant)).status).toBe(403);
    expect((await call('GET', QUEUE_PATHS.list)).status).toBe(401);
  });
});

describe.each(databases('concurrency'))('taking a file from the queue on %s', (kind) => {
  const { it, everywhere } = testsOn(kind);
  let t: TestApp;
  let call: Caller;
  let officer: { id: string; token: string };
  let colleague: { id: string; token: string };
  let admin: { id: string; token: string };
  let sequence = 0;

  beforeAll(async () => {
    t = await openTestApp(kind, { dataKey: DATA_KEY });
    call = caller(t.app);
    officer = await staffMember(t, call, 'dina', ['CREDIT_OFFICER']);
    colleague = await staffMember(t, call, 'eswar', ['CREDIT_OFFICER']);
    admin = await staffMember(t, call, 'fatimah', ['ADMIN']);
  });
  afterAll(() => t.close());

  const pending = (status = 'PENDING', officerId: string | null = null) => {
    sequence += 1;
    return file(t.db.orm, {
      referenceNo: `AC-2026-${String(900 + sequence).padStart(6, '0')}`,
      status,
      companyName: `Kedai ${sequence}`,
      applicantName: `Pemohon ${sequence}`,
      brn: `2024030${String(sequence).padStart(5, '0')}`,
      submittedAt: status === 'DRAFT' ? null : '2026-03-02T01:00:00Z',
      officerId,
    });
  };
  const assign = (id: string, token: string, body: Record<string, unknown>) =>
    call('POST', QUEUE_PATHS.assign(id), { token, body });

  it('lets a credit officer take a file: the version moves on and an audit row is written', async () => {
    const id = await pending();
    const taken = await assign(id, officer.token, { version: 1 });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      id,
      version: 2,
      assignedOfficer: { id: officer.id },
      assignedToMe: true,
    });
    expect(taken.body.assignedAt).toEqual(expect.any(String));
    const [row] = await t.db.orm.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ assignedOfficerId: officer.id, version: 2 });
    const audit = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, `application:${id}`));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'application.assigned',
        actor: `staff:${officer.id}`,
        detail: { officer: `staff:${officer.id}`, previousOfficer: null, reassign: false },
      }),
    ]);
    // Taking it again changes nothing.
    expect((await assign(id, officer.token, { version: 2 })).body.version).toBe(2);
  });

  it('refuses a stale version, and a file someone else holds unless reassigned', async () => {
    const id = await pending();
    expect((await assign(id, officer.token, { version: 1 })).status).toBe(200);
    const stale = await assign(id, colleague.token, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('APPLICATION_CHANGED');
    const held = await assign(id, colleague.token, { version: 2 });
    expect(held.status).toBe(409);
    expect(held.body.code).toBe('ALREADY_ASSIGNED');
    const over = await assign(id, colleague.token, { version: 2, reassign: true });
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ version: 3, assignedOfficer: { id: colleague.id } });
  });

  everywhere('lets exactly one of two officers taking the same file at once win', async () => {
    const id = await pending();
    const answers = await Promise.all([
      assign(id, officer.token, { version: 1 }),
      assign(id, colleague.token, { version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('APPLICATION_CHANGED');
  });

  it('lets an admin give a file to a named credit officer, and only to one', async () => {
    const id = await pending('KIV', officer.id);
    const given = await assign(id, admin.token, {
      version: 1,
      officerId: colleague.id,
      reassign: true,
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      assignedOfficer: { id: colleague.id },
      assignedToMe: false,
    });
    const itself = await assign(id, admin.token, { version: 2 });
    expect(itself.status).toBe(400);
    expect(itself.body.code).toBe('NOT_A_CREDIT_OFFICER');
    const approver = await staffMember(t, call, 'gopal', ['APPROVER']);
    const toApprover = await assign(id, admin.token, { version: 2, officerId: approver.id });
    expect(toApprover.body.code).toBe('NOT_A_CREDIT_OFFICER');
    expect((await assign(id, admin.token, { version: 2, officerId: randomUUID() })).status).toBe(
      400,
    );
  });

  it('refuses an officer giving a file to someone else, and other roles and applicants', async () => {
    const id = await pending();
    const other = await assign(id, officer.token, { version: 1, officerId: colleague.id });
    expect(other.status).toBe(403);
    for (const role of ['APPROVER', 'CUSTOMER_SERVICE']) {
      const member = await staffMember(t, call, role.toLowerCase(), [role]);
      expect((await assign(id, member.token, { version: 1 })).status).toBe(403);
    }
    const applicant = (await register(call)).session.accessToken;
    expect((await assign(id, applicant, { version: 1 })).status).toBe(403);
    expect((await call('POST', QUEUE_PATHS.assign(id), { body: { version: 1 } })).status).toBe(401);
    const [row] = await t.db.orm.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ assignedOfficerId: null, version: 1 });
  });

  it('refuses drafts, closed files and unknown ones', async () => {
    for (const status of ['DRAFT', 'REJECTED', 'CANCELLED']) {
      const answer = await assign(await pending(status), officer.token, { version: 1 });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('NOT_ASSIGNABLE');
    }
    const unknown = await assign(randomUUID(), officer.token, { version: 1 });
    expect(unknown.status).toBe(404);
    expect((await assign(await pending(), officer.token, { version: 0 })).status).toBe(400);
  });
});
