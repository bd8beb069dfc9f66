import type { SmsMessage } from '../sms/port';
import { SANDBOX_SUBSCRIBERS, sandboxTelecomIdentity } from './sandbox';

function telecom() {
  const sent: SmsMessage[] = [];
  const identity = sandboxTelecomIdentity({
    sms: { provider: 'sandbox', send: async (message) => void sent.push(message) },
  });
  return { identity, sent };
}

describe('the sandbox telecom', () => {
  it('vouches for a line with its own password, never telling why it refuses', async () => {
    const { identity } = telecom();
    expect(await identity.authenticate('+60111000001', 'Sandbox#2026')).toEqual({
      callerId: '+60111000001',
      name: 'Aiman Hakim',
      nric: '900101145677',
      accountType: 'POSTPAID',
      postpaidTenureMonths: 24,
    });
    expect(await identity.authenticate('+60111000001', 'sandbox#2026')).toBeNull();
    expect(await identity.authenticate('+60119999999', 'Sandbox#2026')).toBeNull();
    // A closed line signs in no one, even with its password.
    expect(await identity.authenticate('+60111000005', 'Sandbox#2026')).toBeNull();
    expect(await identity.subscriberOf('+60111000005')).toBeNull();
  });

  it('signs in portal customers by email, whatever its case', async () => {
    const { identity } = telecom();
    const line = await identity.authenticatePortal(' Siti@Telecom.Sandbox.Test ', 'Sandbox#2026');
    expect(line).toMatchObject({ callerId: '+60111000002', postpaidTenureMonths: 3 });
    expect(await identity.authenticatePortal('siti@telecom.sandbox.test', 'nope')).toBeNull();
  });

  it('texts a new password to the line itself on a reset; the old one stops working', async () => {
    const { identity, sent } = telecom();
    expect(await identity.resetPassword('+60111000003')).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+60111000003');
    const password = /password is (\S+)\./.exec(sent[0]!.body)![1]!;
    expect(await identity.authenticate('+60111000003', 'Sandbox#2026')).toBeNull();
    expect(await identity.authenticate('+60111000003', password)).not.toBeNull();
    expect(identity.directory().find((l) => l.callerId === '+60111000003')!.password).toBe(
      password,
    );
    expect(await identity.resetPassword('+60119999999')).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('keeps each instance its own directory, never changing the documented one', async () => {
    const first = telecom();
    await first.identity.resetPassword('+60111000001');
    expect(SANDBOX_SUBSCRIBERS[0]!.password).toBe('Sandbox#2026');
    expect(await telecom().identity.authenticate('+60111000001', 'Sandbox#2026')).not.toBeNull();
  });
});
