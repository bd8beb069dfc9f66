import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PATHS } from '@lending/contracts';
import { and, eq, sql } from 'drizzle-orm';

import { auditLog, staffUsers } from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';
import { addStaff, type Caller, caller, register, staffLogin } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { csvField } from './csv';

/** A CSV file read back as RFC 4180 defines it, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

// Every row of these tests lies in March 2020, and every query names that month, so rows the
// app writes itself (sign-ins) never reach the answers.
const MARCH = 'from=2020-03-01&to=2020-03-31';
const REASON = 'Needs, "more" documents\r\nsee the second line';
const FORMULA = '=HYPERLINK("http://example.com","click")';
const PERSONAL_EMAIL = 'siti.personal@example.com';

describe.each(databases('hand-written SQL'))('the audit viewer on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const logs: string[] = [];
  let admin: { id: string; token: string };
  let officer: { id: string; token: string };
  let support: { id: string; token: string };
  /** Row ids by name, as written. */
  const ids: Record<string, number> = {};
  const applicationId = randomUUID();
  const agreementId = randomUUID();
  const userId = randomUUID();

  async function staffMember(name: string, roles: string[]) {
    const email = `${name}.${randomBytes(3).toString('hex')}@lender.test`;
    await addStaff(t.db.orm, email, `${name} password`, roles);
    const [row] = await t.db.orm
      .update(staffUsers)
      .set({ name: `${name[0]!.toUpperCase()}${name.slice(1)}` })
      .where(eq(staffUsers.email, email))
      .returning();
    return { id: row!.id, token: (await staffLogin(call, email, `${name} password`)).accessToken };
  }

  async function row(
    name: string,
    entry: Omit<AuditEntry, 'subject'> & { subject?: string | null },
  ) {
    await writeAudit(t.db.orm, { subject: null, ...entry });
    const [written] = await t.db.orm
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.requestId, `test-${name}`));
    ids[name] = Number(written!.id);
  }

  const list = (query: string, token: string | null = admin.token) =>
    call('GET', `${AUDIT_PATHS.list}?${query}`, { token });
  const named = async (query: string) => {
    const answer = await list(`${MARCH}&${query}`);
    expect(answer.status).toBe(200);
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return (answer.body.data as { id: number }[]).map((one) => byId[one.id]);
  };

  beforeAll(async () => {
    t = await openTestApp(kind, {
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    });
    call = caller(t.app);
    admin = await staffMember('nurul', ['ADMIN']);
    officer = await staffMember('aisyah', ['CREDIT_OFFICER']);
    support = await staffMember('chong', ['CUSTOMER_SERVICE', 'APPROVER']);
    await row('officerMoved', {
      action: 'application.status_changed',
      actor: `staff:${officer.id}`,
      subject: `application:${applicationId}`,
      entity: `application:${applicationId}`,
      from: 'PENDING',
      to: 'KIV',
      reason: REASON,
      requestId: 'test-officerMoved',
      // 23:30 on 1 March in Malaysia.
      at: new Date('2020-03-01T15:30:00Z'),
    });
    await row('userLogin', {
      action: 'auth.login',
      actor: `user:${userId}`,
      subject: `user:${userId}`,
      requestId: 'test-userLogin',
      // 00:30 on 2 March in Malaysia: the next Malaysia day, the same UTC day.
      at: new Date('2020-03-01T16:30:00Z'),
    });
    await row('jobPaid', {
      action: 'disbursement.paid',
      actor: 'system:payout',
      entity: `agreement:${agreementId}`,
      requestId: 'test-jobPaid',
      at: new Date('2020-03-02T02:00:00Z'),
    });
    await row('anonymousFailed', {
      action: 'auth.login_failed',
      actor: null,
      reason: FORMULA,
      requestId: 'test-anonymousFailed',
      at: new Date('2020-03-03T02:00:00Z'),
      detail: { email: PERSONAL_EMAIL },
    });
    await row('adminSent', {
      action: 'disbursement.sent',
      actor: `staff:${admin.id}`,
      entity: `agreement:${agreementId}`,
      requestId: 'test-adminSent',
      at: new Date('2020-03-04T02:00:00Z'),
      detail: { amountSen: 1_000_000, note: 'Bayaran – ringgit' },
    });
    // Written before the entity column: the application is named in the subject only.
    await row('legacyCreated', {
      action: 'application.created',
      actor: `user:${userId}`,
      subject: `application:${applicationId}`,
      requestId: 'test-legacyCreated',
      at: new Date('2020-03-05T02:00:00Z'),
    });
  });

  afterAll(async () => t.close());

  it('is refused to anyone but admins, and to nobody signed in', async () => {
    expect((await list(MARCH, null)).status).toBe(401);
    expect((await list(MARCH, officer.token)).status).toBe(403);
    expect((await list(MARCH, support.token)).status).toBe(403);
    const { session } = await register(call);
    expect((await list(MARCH, session.accessToken)).status).toBe(403);
    const exported = await call('GET', `${AUDIT_PATHS.export}?${MARCH}`, { token: officer.token });
    expect(exported.status).toBe(403);
    expect(exported.body.code).toBe('FORBIDDEN');
  });

  it('lists rows newest first with who acted, what changed and the details', async () => {
    const answer = await list(MARCH);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.total).toBe(6);
    expect(await named('')).toEqual([
      'legacyCreated',
      'adminSent',
      'anonymousFailed',
      'jobPaid',
      'userLogin',
      'officerMoved',
    ]);
    const moved = answer.body.data.find((one: { id: number }) => one.id === ids.officerMoved);
    expect(moved).toEqual({
      id: ids.officerMoved,
      at: '2020-03-01T15:30:00.000Z',
      actor: { ref: `staff:${officer.id}`, kind: 'staff', name: 'Aisyah' },
      action: 'application.status_changed',
      subject: `application:${applicationId}`,
      entity: `application:${applicationId}`,
      fromStatus: 'PENDING',
      toStatus: 'KIV',
      reason: REASON,
      ip: null,
      requestId: 'test-officerMoved',
      detail: {},
    });
    const failed = answer.body.data.find((one: { id: number }) => one.id === ids.anonymousFailed);
    expect(failed.actor).toEqual({ ref: null, kind: 'none', name: null });
    expect(failed.detail).toEqual({ email: PERSONAL_EMAIL });
    expect(answer.body.actions).toContain('disbursement.sent');
    expect(answer.body.staff).toEqual(expect.arrayContaining([{ id: officer.id, name: 'Aisyah' }]));
  });

  it('narrows by actor: one staff member, or a kind of actor', async () => {
    expect(await named(`actor=staff:${officer.id}`)).toEqual(['officerMoved']);
    expect(await named(`actor=${officer.id.toUpperCase()}`)).toEqual(['officerMoved']);
    expect(await named('actor=staff')).toEqual(['adminSent', 'officerMoved']);
    expect(await named('actor=user')).toEqual(['legacyCreated', 'userLogin']);
    expect(await named(`actor=user:${userId}`)).toEqual(['legacyCreated', 'userLogin']);
    expect(await named('actor=system')).toEqual(['jobPaid']);
    expect(await named('actor=system:payout')).toEqual(['jobPaid']);
    expect(await named('actor=none')).toEqual(['anonymousFailed']);
    expect((await list(`${MARCH}&actor=staff%3A%25`)).status).toBe(400);
  });

  it('narrows by entity type, id or both, older rows by their subject', async () => {
    expect(await named('entityType=agreement')).toEqual(['adminSent', 'jobPaid']);
    expect(await named(`entityType=application&entityId=${applicationId}`)).toEqual([
      'legacyCreated',
      'officerMoved',
    ]);
    expect(await named(`entityId=${agreementId}`)).toEqual(['adminSent', 'jobPaid']);
    expect(await named(`entityType=agreement&entityId=${applicationId}`)).toEqual([]);
    expect(await named('entityType=user')).toEqual(['userLogin']);
  });

  it('narrows by action, exactly or by its start', async () => {
    expect(await named('action=disbursement.sent')).toEqual(['adminSent']);
    expect(await named('action=disbursement.')).toEqual(['adminSent', 'jobPaid']);
    expect(await named('action=disbursement*')).toEqual(['adminSent', 'jobPaid']);
    // Exact means exact: `auth.login` is not `auth.login_failed`.
    expect(await named('action=auth.login')).toEqual(['userLogin']);
    expect(await named('action=auth.login*')).toEqual(['anonymousFailed', 'userLogin']);
    expect((await list(`${MARCH}&action=auth%25`)).status).toBe(400);
  });

  it('narrows by Malaysia dates, both ends included', async () => {
    const day = async (from: string, to: string) => {
      const answer = await list(`from=${from}&to=${to}`);
      expect(answer.status).toBe(200);
      return (answer.body.data as { id: number }[]).map((one) => one.id);
    };
    expect(await day('2020-03-01', '2020-03-01')).toEqual([ids.officerMoved]);
    expect(await day('2020-03-02', '2020-03-02')).toEqual([ids.jobPaid, ids.userLogin]);
    expect(await day('2020-03-02', '2020-03-03')).toEqual([
      ids.anonymousFailed,
      ids.jobPaid,
      ids.userLogin,
    ]);
    const backwards = await list('from=2020-03-03&to=2020-03-02');
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('BAD_REQUEST');
    expect((await list('from=2020-02-30')).status).toBe(400);
  });

  it('pages on the server, with a capped page size and either order', async () => {
    const first = await list(`${MARCH}&pageSize=4`);
    expect(first.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.body.data.map((one: { id: number }) => one.id)).toEqual([
      ids.legacyCreated,
      ids.adminSent,
      ids.anonymousFailed,
      ids.jobPaid,
    ]);
    const second = await list(`${MARCH}&pageSize=4&page=2`);
    expect(second.body.data.map((one: { id: number }) => one.id)).toEqual([
      ids.userLogin,
      ids.officerMoved,
    ]);
    expect((await list(`${MARCH}&pageSize=4&page=3`)).body).toMatchObject({ data: [], total: 6 });
    expect((await list(`${MARCH}&pageSize=201`)).status).toBe(400);
    expect((await list(`${MARCH}&page=0`)).status).toBe(400);
    expect(await named('order=asc&pageSize=2')).toEqual(['officerMoved', 'userLogin']);
  });

  it('exports the same rows as CSV a spreadsheet reads, and records the export', async () => {
    const answer = await call('GET', `${AUDIT_PATHS.export}?${MARCH}&order=asc`, {
      token: admin.token,
      ip: '10.9.8.7',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{12}\.csv"$/,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const text = answer.body as string;
    expect(text.startsWith('\uFEFFid,time_malaysia,time_utc,actor,actor_name,action,')).toBe(true);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'id',
      'time_malaysia',
      'time_utc',
      'actor',
      'actor_name',
      'action',
      'subject',
      'entity',
      'from_status',
      'to_status',
      'reason',
      'ip',
      'request_id',
      'detail',
    ]);
    expect(records.map((record) => Number(record[0]))).toEqual([
      ids.officerMoved,
      ids.userLogin,
      ids.jobPaid,
      ids.anonymousFailed,
      ids.adminSent,
      ids.legacyCreated,
    ]);
    expect(records[0]).toEqual([
      String(ids.officerMoved),
      '2020-03-01 23:30:00',
      '2020-03-01T15:30:00.000Z',
      `staff:${officer.id}`,
      'Aisyah',
      'application.status_changed',
      `application:${applicationId}`,
      `application:${applicationId}`,
      'PENDING',
      'KIV',
      REASON,
      '',
      'test-officerMoved',
      '{}',
    ]);
    // The comma, the quotes and the line break travel quoted, the quotes doubled.
    expect(text).toContain('"Needs, ""more"" documents\r\nsee the second line"');
    // A formula typed into a reason is shown as text, not run.
    expect(records[3]![10]).toBe(`'${FORMULA}`);
    expect(JSON.parse(records[4]![13]!)).toEqual({
      amountSen: 1_000_000,
      note: 'Bayaran – ringgit',
    });

    const recorded = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.exported'), eq(auditLog.actor, `staff:${admin.id}`)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      ip: '10.9.8.7',
      detail: { rows: 6, filters: { from: '2020-03-01', to: '2020-03-31', order: 'asc' } },
    });
    // The record says what was taken, not what the rows held.
    expect(JSON.stringify(recorded[0]!.detail)).not.toContain(PERSONAL_EMAIL);
  });

  it('exports with the filters of the screen', async () => {
    const answer = await call(
      'GET',
      `${AUDIT_PATHS.export}?${MARCH}&action=disbursement.&actor=system`,
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const records = parseCsv((answer.body as string).slice(1));
    expect(records.slice(1).map((record) => Number(record[0]))).toEqual([ids.jobPaid]);
  });

  it('refuses an export larger than one file may hold, saying how many rows it found', async () => {
    await t.db.orm.execute(sql`
      insert into audit_log (action, actor, at)
      select 'job.completed', 'system:bulk', timestamptz '2019-06-01T00:00:00Z' + n * interval '1 second'
      from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1}) as n`);
    const before = await t.db.orm
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.exported'));
    const answer = await call('GET', `${AUDIT_PATHS.export}?from=2019-01-01&to=2019-12-31`, {
      token: admin.token,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('AUDIT_EXPORT_TOO_LARGE');
    expect(answer.body.message).toContain(String(AUDIT_EXPORT_MAX_ROWS + 1));
    const after = await t.db.orm
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.exported'));
    expect(after).toHaveLength(before.length);
    // The viewer still pages through them.
    const listed = await list('from=2019-01-01&to=2019-12-31&pageSize=1');
    expect(listed.body.total).toBe(AUDIT_EXPORT_MAX_ROWS + 1);
  });

  it('never writes what the rows hold to the logs', () => {
    const lines = logs.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).not.toContain(PERSONAL_EMAIL);
    expect(lines).not.toContain('Needs, ');
    expect(lines).not.toContain(applicationId);
  });
});

describe('a CSV field', () => {
  it('is quoted only when it holds a comma, a quote or a line break', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\rtwo')).toBe('"one\rtwo"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(-42)).toBe('-42');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    // Credit written in ringgit and sen is a number, kept as written.
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-12.50+1')).toBe("'-12.50+1");
  });
});
