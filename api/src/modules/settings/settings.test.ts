import { DECISION_PATHS, PUBLISHED_FIGURES_PATHS, SETTINGS_PATHS } from '@lending/contracts';
import { DEFAULT_PRODUCT_SETTINGS } from '@lending/domain';
import { eq } from 'drizzle-orm';

import { applicationRecommendations, auditLog } from '../../db/schema';
import { type Caller, caller } from '../../testing/auth-helpers';
import {
  applicant,
  decideNow,
  FAIR_TERMS,
  pendingApplication,
  type StaffMember,
  staffMember,
} from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('product settings on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let admin: StaffMember;
  let officer: StaffMember;
  let service: StaffMember;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    admin = await staffMember(t.db.orm, call, ['ADMIN']);
    officer = await staffMember(t.db.orm, call, ['CREDIT_OFFICER']);
    service = await staffMember(t.db.orm, call, ['CUSTOMER_SERVICE']);
  });
  afterAll(() => t.close());

  const read = (who: StaffMember, tenant = 'redcash') =>
    call('GET', SETTINGS_PATHS.current, { token: who.token, tenant });
  const save = (who: StaffMember, body: unknown, tenant = 'redcash') =>
    call('PUT', SETTINGS_PATHS.current, { token: who.token, body, tenant });

  it('answers the defaults as version 1 until an admin saves a version', async () => {
    const answer = await read(service);
    expect(answer.status).toBe(200);
    expect(answer.body.settings).toEqual(JSON.parse(JSON.stringify(DEFAULT_PRODUCT_SETTINGS)));
    expect(answer.body.createdAt).toBeNull();
    // A fresh install offers loan protection (spec section 1) for every tenure it lends for.
    const rates = answer.body.settings.loanProtectionRates as {
      minTenureMonths: number;
      maxTenureMonths: number;
    }[];
    const { minTenureMonths, maxTenureMonths } = answer.body.settings.limits;
    for (let months = minTenureMonths; months <= maxTenureMonths; months += 1) {
      expect(
        rates.some((row) => row.minTenureMonths <= months && months <= row.maxTenureMonths),
      ).toBe(true);
    }
  });

  it('lets only an admin save, checks the settings fit together, and keeps older versions', async () => {
    const { body: current } = await read(admin);
    const edited = {
      ...current.settings,
      bans: { rejectionBanMonths: 4, temporaryBanMonths: 6 },
    };
    expect((await save(officer, edited)).status).toBe(403);
    expect((await save(service, edited)).status).toBe(403);

    const aboveCap = { ...edited, rates: { ...edited.rates, unsecuredAnnualRateBp: 1900 } };
    const refused = await save(admin, aboveCap);
    expect([refused.status, refused.body.code]).toEqual([400, 'SETTINGS_INVALID']);
    expect(refused.body.message).toContain('rates.unsecuredAnnualRateBp');

    const saved = await save(admin, edited);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.version).toBe(current.settings.version + 1);
    expect(saved.body.createdBy).toBe(admin.id);

    // Edited from a version that is no longer the current one.
    const stale = await save(admin, edited);
    expect([stale.status, stale.body.code]).toEqual([409, 'SETTINGS_CHANGED']);

    const older = await call('GET', SETTINGS_PATHS.version(current.settings.version), {
      token: officer.token,
      tenant: 'redcash',
    });
    expect(older.body.settings.bans).toEqual(DEFAULT_PRODUCT_SETTINGS.bans);
    const newer = await call('GET', SETTINGS_PATHS.version(saved.body.settings.version), {
      token: officer.token,
      tenant: 'redcash',
    });
    expect(newer.body.settings.bans.rejectionBanMonths).toBe(4);
    const missing = await call('GET', SETTINGS_PATHS.version(99), {
      token: officer.token,
      tenant: 'redcash',
    });
    expect(missing.status).toBe(404);
    // The other tenant is untouched.
    expect((await read(admin, 'arkcash')).body.settings.version).toBe(1);

    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.updated'));
    expect(audit).toMatchObject({ actor: `staff:${admin.id}`, toStatus: '2' });
  });

  it('keeps an offer on the version it was made with; a change applies to new offers', async () => {
    const person = await applicant(call);
    const first = await pendingApplication(t.db.orm, person.userId);
    const amount = { ...FAIR_TERMS, amountSen: 3_000_000 };
    expect(
      (await decideNow(t.db.orm, call, officer, first, { decision: 'RECOMMEND', ...amount }))
        .status,
    ).toBe(200);

    // One approval for every amount from now on.
    const { body: current } = await read(admin, 'arkcash');
    const saved = await save(
      admin,
      { ...current.settings, approvalBands: [{ upToSen: null, levels: 1 }] },
      'arkcash',
    );
    expect(saved.status).toBe(200);

    const other = await applicant(call);
    const second = await pendingApplication(t.db.orm, other.userId);
    await decideNow(t.db.orm, call, officer, second, { decision: 'RECOMMEND', ...amount });

    const offers = async (id: string) =>
      (
        await t.db.orm
          .select()
          .from(applicationRecommendations)
          .where(eq(applicationRecommendations.applicationId, id))
      )[0]!;
    expect(await offers(first)).toMatchObject({ settingsVersion: 1, approvalLevels: 2 });
    expect(await offers(second)).toMatchObject({
      settingsVersion: saved.body.settings.version,
      approvalLevels: 1,
    });
    // The first file still needs its two approvals.
    const listed = await call('GET', DECISION_PATHS.options(first), { token: admin.token });
    expect(listed.body.offer).toMatchObject({ settingsVersion: 1, approvalLevels: 2 });
  });

  it('shows what an admin saved on the product every front end reads', async () => {
    const product = async (tenant: string) =>
      (await call('GET', '/api/product/single', { tenant })).body;
    const before = await product('redcash');
    expect(before.simulatorMonthlyRateBp).toBe(
      DEFAULT_PRODUCT_SETTINGS.rates.simulatorMonthlyRateBp,
    );

    const { body: current } = await read(admin);
    const edited = {
      ...current.settings,
      rates: {
        ...current.settings.rates,
        simulatorMonthlyRateBp: 125,
        unsecuredAnnualRateBp: 1500,
      },
      limits: { ...current.settings.limits, maxAmountSen: 3_000_000 },
      fees: { ...current.settings.fees, stampDutySenPerThousand: 600 },
    };
    expect((await save(admin, edited)).status).toBe(200);

    expect(await product('redcash')).toMatchObject({
      simulatorMonthlyRateBp: 125,
      unsecuredRateBp: 1500,
      maxAmountSen: 3_000_000,
      stampDutySenPerThousand: 600,
      // The product's own identity is not a setting.
      code: before.code,
      name: before.name,
    });
    // Another brand keeps its own settings.
    expect((await product('arkcash')).maxAmountSen).toBe(
      (await read(admin, 'arkcash')).body.settings.limits.maxAmountSen,
    );
  });

  it('publishes to anyone the rates and fees of the current settings, and nothing else', async () => {
    const published = (tenant: string) => call('GET', PUBLISHED_FIGURES_PATHS.current, { tenant });
    const { body: current } = await read(admin, 'arkcash');
    const before = await published('arkcash');
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('public, max-age=60');
    expect(String(before.headers.vary)).toContain('x-tenant');
    expect(before.body).toEqual({
      rates: {
        securedAnnualRateBp: current.settings.rates.securedAnnualRateBp,
        unsecuredAnnualRateBp: current.settings.rates.unsecuredAnnualRateBp,
        simulatorMonthlyRateBp: current.settings.rates.simulatorMonthlyRateBp,
        lateChargeAnnualRateBp: current.settings.rates.lateChargeAnnualRateBp,
      },
      fees: {
        attestationFeeSecuredBp: current.settings.fees.attestationFeeSecuredBp,
        attestationFeeUnsecuredBp: current.settings.fees.attestationFeeUnsecuredBp,
        stampDutySenPerThousand: current.settings.fees.stampDutySenPerThousand,
        loanProtectionServiceTaxBp: current.settings.fees.loanProtectionServiceTaxBp,
      },
    });

    const edited = {
      ...current.settings,
      rates: {
        ...current.settings.rates,
        securedAnnualRateBp: 1100,
        unsecuredAnnualRateBp: 1650,
        simulatorMonthlyRateBp: 140,
        lateChargeAnnualRateBp: 700,
      },
      fees: {
        ...current.settings.fees,
        attestationFeeSecuredBp: 1000,
        attestationFeeUnsecuredBp: 600,
        stampDutySenPerThousand: 400,
        loanProtectionServiceTaxBp: 600,
      },
    };
    expect((await save(admin, edited, 'arkcash')).status).toBe(200);

    const after = await published('arkcash');
    expect(after.body).toEqual({
      rates: {
        securedAnnualRateBp: 1100,
        unsecuredAnnualRateBp: 1650,
        simulatorMonthlyRateBp: 140,
        lateChargeAnnualRateBp: 700,
      },
      fees: {
        attestationFeeSecuredBp: 1000,
        attestationFeeUnsecuredBp: 600,
        stampDutySenPerThousand: 400,
        loanProtectionServiceTaxBp: 600,
      },
    });
    // Each brand publishes its own settings.
    const other = (await read(admin, 'redcash')).body.settings;
    expect((await published('redcash')).body.rates.securedAnnualRateBp).toBe(
      other.rates.securedAnnualRateBp,
    );
  });
});
