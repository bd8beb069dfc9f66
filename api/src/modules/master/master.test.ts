import { count, countDistinct, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';

import { cities, postcodes } from '../../db/schema';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

describe.each(databases())('master data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t.close());

  async function call(options: InjectOptions | string) {
    const response = await t.app.inject(options);
    return { status: response.statusCode, body: response.json() };
  }
  const names = (items: { name: string }[]) => items.map((item) => item.name);

  describe('drop-down lists', () => {
    it('sorts races by name, case-insensitively', async () => {
      const { status, body } = await call('/api/race');
      expect(status).toBe(200);
      expect(names(body)).toEqual([...names(body)].sort(byName));
      expect(names(body)).toEqual(
        expect.arrayContaining(['Malay', 'Chinese', 'Indian', 'Bumiputera Sabah', 'Others']),
      );
      expect(body[0]).toEqual({
        id: expect.any(Number),
        code: expect.any(String),
        name: expect.any(String),
        nameMs: expect.any(String),
      });
    });

    it('sorts banks by name and lists the Malaysian banks', async () => {
      const { body } = await call('/api/bank');
      expect(names(body)).toEqual([...names(body)].sort(byName));
      expect(body.length).toBeGreaterThanOrEqual(20);
      for (const bank of ['Maybank', 'CIMB', 'Public Bank', 'Bank Islam', 'Kuwait Finance House']) {
        expect(names(body).some((name) => name.includes(bank))).toBe(true);
      }
    });

    it('gives loan reasons and relationships in both languages, "Others" asking for text', async () => {
      for (const url of ['/api/loanReason', '/api/relationship']) {
        const { status, body } = await call(url);
        expect(status).toBe(200);
        for (const item of body) {
          expect(item.name).toBeTruthy();
          expect(item.nameMs).toBeTruthy();
        }
        const others = body.find((item: { code: string }) => item.code === 'OTHERS');
        expect(others).toMatchObject({ name: 'Others', nameMs: 'Lain-lain', needsOtherText: true });
        expect(body[body.length - 1].code).toBe('OTHERS');
      }
      const { body: relationships } = await call('/api/relationship');
      expect(relationships.map((r: { code: string }) => r.code)).toEqual(
        expect.arrayContaining(['SPOUSE', 'PARENT', 'SIBLING', 'CHILD', 'FRIEND', 'COLLEAGUE']),
      );
    });

    it('lists nationalities with Malaysian first', async () => {
      const { body } = await call('/api/nationality');
      expect(body[0]).toMatchObject({ name: 'Malaysian' });
    });

    it('sorts employee types and salary ranges by numeric code', async () => {
      const { body: types } = await call('/api/employeeType/company/1');
      expect(types.map((type: { code: number }) => type.code)).toEqual([1, 2, 3, 4, 5]);
      expect(types[0]).toMatchObject({ code: 1, name: 'Permanent' });
      const { body: ranges } = await call('/api/grossSalaryRange/company/1');
      expect(ranges.map((range: { code: number }) => range.code)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(ranges[ranges.length - 1]).toMatchObject({ minSen: 1200000, maxSen: null });
    });

    it('gives an empty list for a company without its own lists, and refuses a bad id', async () => {
      expect(await call('/api/employeeType/company/999')).toEqual({ status: 200, body: [] });
      const bad = await call('/api/employeeType/company/abc');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('companyId must be a whole number');
    });
  });

  describe('paged lists', () => {
    it('pages natures of business, 100 a page by default', async () => {
      const all = await call('/api/natureOfBusiness');
      expect(all.body).toMatchObject({ page: 1, pageSize: 100 });
      expect(all.body.total).toBeGreaterThanOrEqual(30);
      expect(all.body.data).toHaveLength(all.body.total);
      const first = await call('/api/natureOfBusiness?page=1&pageSize=10');
      const second = await call('/api/natureOfBusiness?page=2&pageSize=10');
      expect(first.body.data).toHaveLength(10);
      expect(second.body.data).toEqual(all.body.data.slice(10, 20));
      const beyond = await call('/api/natureOfBusiness?page=99&pageSize=10');
      expect(beyond.body).toMatchObject({ data: [], page: 99, total: all.body.total });
    });

    it('refuses a page size above 100 or a page below 1', async () => {
      expect(await call('/api/natureOfBusiness?pageSize=101')).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'pageSize must be at most 100',
          code: 'VALIDATION_FAILED',
        },
      });
      const zero = await call('/api/referralSource?page=0');
      expect(zero).toMatchObject({ status: 400, body: { message: 'page must be at least 1' } });
      const huge = await call('/api/natureOfBusiness?page=1e20');
      expect(huge).toMatchObject({
        status: 400,
        body: { message: 'page must be at most 1000000' },
      });
      const words = await call('/api/natureOfBusiness?page=two');
      expect(words).toMatchObject({
        status: 400,
        body: { message: 'page must be a whole number' },
      });
    });

    it('lists referral sources by creation, oldest first unless asked otherwise', async () => {
      const codes = (body: { data: { code: string }[] }) => body.data.map((s) => s.code);
      const plain = await call('/api/referralSource?pageSize=100');
      const ascending = await call('/api/referralSource?pageSize=100&sortBy=createAt&order=ASC');
      const descending = await call('/api/referralSource?pageSize=100&sortBy=createAt&order=DESC');
      expect(codes(plain.body)).toEqual(codes(ascending.body));
      expect(codes(ascending.body)[0]).toBe('FACEBOOK');
      expect(codes(descending.body)).toEqual([...codes(ascending.body)].reverse());
      expect(codes(ascending.body)).toEqual(
        expect.arrayContaining(['INSTAGRAM', 'GOOGLE', 'TIKTOK', 'FRIEND', 'AGENT', 'EVENT']),
      );
      const others = ascending.body.data.find((s: { code: string }) => s.code === 'OTHERS');
      expect(others.needsOtherText).toBe(true);
      const createdAt = ascending.body.data.map((s: { createdAt: string }) => s.createdAt);
      expect(createdAt).toEqual([...createdAt].sort());
    });

    it('refuses an unknown sort order', async () => {
      const { status, body } = await call('/api/referralSource?order=UP');
      expect(status).toBe(400);
      expect(body.message).toBe('order must be one of ASC, DESC');
    });
  });

  describe('places', () => {
    it('has the 16 states and federal territories, each with cities and postcodes', async () => {
      const { body: states } = await call('/api/state');
      expect(states).toHaveLength(16);
      expect(names(states)).toEqual([...names(states)].sort());
      for (const state of states as { id: number }[]) {
        const { body: cities } = await call(`/api/city?stateId=${state.id}`);
        expect(cities.length).toBeGreaterThan(0);
        expect(cities.every((city: { stateId: number }) => city.stateId === state.id)).toBe(true);
      }
      const [row] = await t.db.orm
        .select({ n: count(), states: countDistinct(cities.stateId) })
        .from(postcodes)
        .innerJoin(cities, eq(cities.id, postcodes.cityId));
      expect(row!.n).toBeGreaterThanOrEqual(150);
      expect(row!.states).toBe(16);
    });

    it('asks which state the cities are for', async () => {
      expect(await call('/api/city')).toMatchObject({
        status: 400,
        body: { message: 'stateId is required' },
      });
      expect(await call('/api/city?stateId=99999999999')).toMatchObject({
        status: 400,
        body: { message: 'stateId must be at most 2147483647' },
      });
      expect(await call('/api/city?stateId=9999')).toEqual({ status: 200, body: [] });
    });

    it('finds the city and state of a postcode', async () => {
      expect(await call('/api/postcode/62000')).toEqual({
        status: 200,
        body: {
          id: expect.any(Number),
          postcode: '62000',
          city: { id: expect.any(Number), name: 'Putrajaya' },
          state: { id: expect.any(Number), name: 'Putrajaya' },
        },
      });
      expect((await call('/api/postcode/50450')).body.state.name).toBe('Kuala Lumpur');
      expect((await call('/api/postcode/88000')).body.state.name).toBe('Sabah');
      expect((await call('/api/postcode/93000')).body.city.name).toBe('Kuching');
      expect((await call('/api/postcode/87000')).body.state.name).toBe('Labuan');
    });

    it('says "Postcode not found" for an unknown postcode', async () => {
      expect(await call('/api/postcode/99999')).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          error: 'Not Found',
          message: 'Postcode not found',
          code: 'NOT_FOUND',
        },
      });
    });

    it('refuses a postcode that is not five digits', async () => {
      for (const postcode of ['5045', '504500', '5o450']) {
        expect(await call(`/api/postcode/${postcode}`)).toEqual({
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'postcode must be 5 digits',
            code: 'VALIDATION_FAILED',
          },
        });
      }
    });
  });

  describe('the product', () => {
    it('serves the single product with its limits and rates', async () => {
      expect(await call('/api/product/single')).toEqual({
        status: 200,
        body: expect.objectContaining({
          minAmountSen: 500000,
          maxAmountSen: 5000000,
          minTenureMonths: 6,
          maxTenureMonths: 24,
          securedRateBp: 1200,
          unsecuredRateBp: 1680,
          simulatorMonthlyRateBp: 150,
          securedAttestationFeeBp: 1200,
          unsecuredAttestationFeeBp: 700,
          stampDutySenPerThousand: 500,
          lateChargeRateBp: 800,
          referralCode: null,
          campaign: null,
        }),
      });
    });

    it('serves the referral-code variant, whatever the case of the code', async () => {
      const { status, body } = await call('/api/product/single?referralCode=%20partner10%20');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        referralCode: 'PARTNER10',
        unsecuredRateBp: 1680,
        campaign: { code: 'PARTNER10', attestationFeeWaiverBp: 1000 },
      });
    });

    it('says "Invalid campaign code" for an unknown code', async () => {
      expect(await call('/api/product/single?referralCode=NOPE')).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid campaign code',
          code: 'BAD_REQUEST',
        },
      });
    });

    it('checks a referral code sent in a body', async () => {
      const good = await call({
        method: 'POST',
        url: '/arkcash/api/v1.0/product/company/1/referralCode',
        payload: { referralCode: 'PARTNER10' },
      });
      expect(good).toMatchObject({ status: 200, body: { referralCode: 'PARTNER10' } });
      const bad = await call({
        method: 'POST',
        url: '/arkcash/api/v1.0/product/company/1/referralCode',
        payload: { referralCode: 'EXPIRED99' },
      });
      expect(bad).toMatchObject({ status: 400, body: { message: 'Invalid campaign code' } });
      const empty = await call({
        method: 'POST',
        url: '/arkcash/api/v1.0/product/company/1/referralCode',
        payload: {},
      });
      expect(empty).toMatchObject({ status: 400, body: { message: 'referralCode is required' } });
    });
  });

  describe('company settings', () => {
    it("answers with the tenant's own contact number", async () => {
      const arkcash = await call('/api/companySettings/contactNumber/value');
      const redcash = await call({
        method: 'GET',
        url: '/api/companySettings/contactNumber/value',
        headers: { 'x-tenant': 'redcash' },
      });
      expect(arkcash).toEqual({
        status: 200,
        body: { key: 'contactNumber', value: '+60321234567' },
      });
      expect(redcash.status).toBe(200);
      expect(redcash.body.value).toMatch(/^\+60\d{8,10}$/);
      expect(redcash.body.value).not.toBe(arkcash.body.value);
      const explicit = await call({
        method: 'GET',
        url: '/api/companySettings/contactNumber/value',
        headers: { 'x-tenant': 'arkcash' },
      });
      expect(explicit.body).toEqual(arkcash.body);
    });

    it('says when a setting does not exist', async () => {
      expect(await call('/api/companySettings/favouriteColour/value')).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          error: 'Not Found',
          message: 'Company setting not found',
          code: 'NOT_FOUND',
        },
      });
    });

    it('refuses an unknown tenant', async () => {
      const { status, body } = await call({
        method: 'GET',
        url: '/api/companySettings/contactNumber/value',
        headers: { 'x-tenant': 'othercash' },
      });
      expect(status).toBe(400);
      expect(body.message).toBe('x-tenant must be one of arkcash, redcash');
    });
  });
});
