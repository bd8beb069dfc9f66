import { APPLICATION_PATHS, type LoginResponse } from '@lending/contracts';
import { CLOSED_APPLICATION_STATUSES, OPEN_APPLICATION_STATUSES } from '@lending/domain';
import { asc, eq, sql } from 'drizzle-orm';

import * as t from '../../db/schema';
import { type Caller, caller, register } from '../../testing/auth-helpers';
import { type StatementLog, watchStatements } from '../../testing/statement-log';
import { openTestApp, type TestApp } from '../../testing/test-db';

/**
 * What one company-details save costs: 6 reads and 3 writes in its transaction (application with
 * organization, sections, 4 master-data checks; section, progress, organization), then the
 * product and the 3 reads of the document check for the answer. Held so a change adding round
 * trips shows (it was 17, with no transaction).
 */
const COMPANY_SAVE_STATEMENTS = 13;

let registrations = 0;

// Statements are counted on PGlite, where the client can be watched; the behaviour checked here
// does not depend on the database.
describe('a section save', () => {
  let t0: TestApp;
  let call: Caller;
  let statements: StatementLog;
  const master = { natureOfBusinessId: 0, loanReasonId: 0 };

  beforeAll(async () => {
    t0 = await openTestApp('pglite');
    call = caller(t0.app);
    const [nature] = await t0.db.orm
      .select()
      .from(t.naturesOfBusiness)
      .orderBy(asc(t.naturesOfBusiness.id))
      .limit(1);
    master.natureOfBusinessId = nature!.id;
    const reasons = await t0.db.orm.select().from(t.loanReasons).orderBy(asc(t.loanReasons.id));
    master.loanReasonId = reasons.find((row) => !row.needsOtherText)!.id;
    statements = watchStatements(t0.db);
  });
  afterAll(async () => {
    statements.stop();
    await t0.close();
  });

  async function applicantWithDraft() {
    const { session } = await register(call);
    registrations += 1;
    const brn = `201903${String(registrations + (process.pid % 1000) * 1000).padStart(6, '0')}`;
    const [organization] = await t0.db.orm
      .insert(t.organizations)
      .values({
        tenant: 'arkcash',
        userId: session.userDetails!.id,
        organizationType: 'SOLE_PROP',
        companyName: 'Kedai Runcit Maju',
        newBusinessRegistrationNo: brn,
        businessContactNo: null,
        applicantName: 'Nur Aisyah',
        applicantEmail: `owner.${session.userDetails!.id.slice(0, 8)}@example.com`,
      })
      .returning();
    const created = await call('POST', APPLICATION_PATHS.create, {
      token: session.accessToken,
      body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: master.loanReasonId },
    });
    expect(created.status).toBe(201);
    return { session, organization: organization!, applicationId: created.body.id as string };
  }

  const address = { line1: '12 Jalan Bunga', postcode: '80000' };
  const company = (brn: string) => ({
    companyName: 'Kedai Runcit Baru',
    newBusinessRegistrationNo: brn,
    natureOfBusinessId: master.natureOfBusinessId,
    businessContactNo: '+60321234567',
    establishedDate: '2019-03-01',
    companyEmail: 'hello@kedai.example.com',
    businessAuthorisedAddress: address,
    registeredSsmAddress: address,
    mailingAddress: address,
  });

  const saveCompany = (session: LoginResponse, applicationId: string, brn: string) =>
    call('POST', APPLICATION_PATHS.companyDetails, {
      token: session.accessToken,
      body: { applicationId, ...company(brn) },
    });

  it('answers with the application as its GET does, in one transaction and few statements', async () => {
    const { session, organization, applicationId } = await applicantWithDraft();
    statements.reset();
    const saved = await saveCompany(session, applicationId, organization.newBusinessRegistrationNo);
    expect(saved.status).toBe(200);
    const count = statements.statements.length;
    const transactions = statements.transactions;
    const read = await call('GET', APPLICATION_PATHS.byId(applicationId), {
      token: session.accessToken,
    });
    expect(saved.body).toEqual(read.body);
    expect(saved.body.sections.company.companyName).toBe('Kedai Runcit Baru');
    expect(transactions).toBe(1);
    expect(count).toBeLessThanOrEqual(COMPANY_SAVE_STATEMENTS);
    // Every write sits inside the transaction.
    const writes = statements.statements.filter((one) => /^(insert|update|delete)/i.test(one.text));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((one) => !one.inTransaction)).toEqual([]);
  });

  it('leaves nothing half-written when a statement fails midway', async () => {
    const { session, organization, applicationId } = await applicantWithDraft();
    statements.failNext(/^update "organizations"/i);
    const failed = await saveCompany(
      session,
      applicationId,
      organization.newBusinessRegistrationNo,
    );
    expect(failed.status).toBe(500);
    const sections = await t0.db.orm
      .select()
      .from(t.applicationSections)
      .where(eq(t.applicationSections.applicationId, applicationId));
    expect(sections).toEqual([]);
    const [kept] = await t0.db.orm
      .select()
      .from(t.organizations)
      .where(eq(t.organizations.id, organization.id));
    expect(kept!.companyName).toBe('Kedai Runcit Maju');

    const retried = await saveCompany(
      session,
      applicationId,
      organization.newBusinessRegistrationNo,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.sections.company.companyName).toBe('Kedai Runcit Baru');
  });

  describe('the one-open-application rule follows the domain', () => {
    it.each(CLOSED_APPLICATION_STATUSES)(
      'an application %s does not block a new one',
      async (status) => {
        const { session, applicationId } = await applicantWithDraft();
        await t0.db.orm.execute(
          sql`update applications set status = ${status} where id = ${applicationId}`,
        );
        const next = await call('POST', APPLICATION_PATHS.create, {
          token: session.accessToken,
          body: {
            requestedAmountSen: 1_000_000,
            tenureMonths: 12,
            loanReasonId: master.loanReasonId,
          },
        });
        expect(next.status).toBe(201);
      },
    );

    it.each(OPEN_APPLICATION_STATUSES)('an application %s blocks a new one', async (status) => {
      const { session, applicationId } = await applicantWithDraft();
      await t0.db.orm.execute(
        sql`update applications set status = ${status} where id = ${applicationId}`,
      );
      const next = await call('POST', APPLICATION_PATHS.create, {
        token: session.accessToken,
        body: {
          requestedAmountSen: 1_000_000,
          tenureMonths: 12,
          loanReasonId: master.loanReasonId,
        },
      });
      expect(next.status).toBe(409);
    });
  });
});
