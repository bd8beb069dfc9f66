import { readConfig } from './config';
import { PROVIDER_SERVICES } from './config-providers';

const TEAM = [
  {
    email: ' Demo.Officer@Lender.test ',
    name: 'Demo officer',
    roles: ['CREDIT_OFFICER'],
    password: 'officer pass 1',
  },
  {
    email: 'demo.approver@lender.test',
    name: 'Demo approver',
    roles: ['APPROVER', 'APPROVER'],
    password: 'approver pass 1',
  },
];

describe('the demo staff configuration (DEMO_STAFF)', () => {
  it('is off unless set, and reads the team with each address in lower case', () => {
    expect(readConfig({}).demoStaff).toBeNull();
    expect(readConfig({ DEMO_STAFF: JSON.stringify(TEAM) }).demoStaff).toEqual([
      { ...TEAM[0], email: 'demo.officer@lender.test' },
      { ...TEAM[1], roles: ['APPROVER'] },
    ]);
  });

  it('refuses a team it cannot sign in as described', () => {
    const refused = (team: unknown) => () => readConfig({ DEMO_STAFF: JSON.stringify(team) });
    expect(() => readConfig({ DEMO_STAFF: '1' })).toThrow('DEMO_STAFF must be a JSON list');
    expect(() => readConfig({ DEMO_STAFF: 'not json' })).toThrow('not JSON');
    expect(refused([])).toThrow('a list of 1 to 20 members');
    expect(refused([{ ...TEAM[0], roles: ['TELLER'] }])).toThrow('needs roles among ADMIN');
    expect(refused([{ ...TEAM[0], roles: [] }])).toThrow('needs roles');
    expect(refused([{ ...TEAM[0], password: 'short' }])).toThrow('no acceptable password');
    expect(refused([{ ...TEAM[0], email: 'nobody' }])).toThrow('member 1 has no valid email');
    expect(refused([TEAM[1], { ...TEAM[1], name: 'Again' }])).toThrow('named twice');
  });

  it('refuses demo staff in production and beside any real provider', () => {
    const DEMO_STAFF = JSON.stringify(TEAM);
    // Production on every sandbox, knowingly: still no demo staff.
    const productionOnSandboxes = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
      JOMPAY_BILLER_CODES: 'arkcash:12345',
      PUBLIC_URL: 'https://apply.example.com',
      EMAIL_PROVIDER: 'sandbox',
      CAPTCHA_PROVIDER: 'sandbox',
      ALLOW_SANDBOX: PROVIDER_SERVICES.join(','),
    };
    expect(readConfig(productionOnSandboxes).demoStaff).toBeNull();
    expect(() => readConfig({ ...productionOnSandboxes, DEMO_STAFF })).toThrow(
      'DEMO_STAFF is refused: NODE_ENV is production',
    );
    expect(() =>
      readConfig({
        DEMO_STAFF,
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://relay.example.com',
        EMAIL_FROM: 'no-reply@example.com',
      }),
    ).toThrow('DEMO_STAFF is refused: real providers are configured (email)');
    expect(() =>
      readConfig({
        DEMO_STAFF,
        SMS_PROVIDER: 'isms',
        ISMS_USERNAME: 'u',
        ISMS_PASSWORD: 'p',
        SMS_RECEIPT_SECRET: 's',
      }),
    ).toThrow('real providers are configured (sms)');
  });
});
