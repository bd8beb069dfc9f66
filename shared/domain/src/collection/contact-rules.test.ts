import { contactRefusal, DEFAULT_CONTACT_RULES, isValidContactRules } from './contact-rules';

const at = (local: string) => new Date(`${local}+08:00`);
const rules = DEFAULT_CONTACT_RULES;

describe('contact within the rules', () => {
  it('allows a contact between 08:00 and 20:00 Malaysia time, whatever the server zone', () => {
    const check = (when: string) =>
      contactRefusal({ at: at(when), channel: 'CALL', earlier: [], rules, publicHolidays: [] });
    expect(check('2026-03-02T08:00:00')).toBeNull();
    expect(check('2026-03-02T19:59:00')).toBeNull();
    expect(check('2026-03-02T07:59:00')).toBe('outsideHours');
    expect(check('2026-03-02T20:00:00')).toBe('outsideHours');
    // 23:30 UTC is 07:30 the next morning in Malaysia.
    expect(
      contactRefusal({
        at: new Date('2026-03-01T23:30:00Z'),
        channel: 'SMS',
        earlier: [],
        rules,
        publicHolidays: [],
      }),
    ).toBe('outsideHours');
  });

  it('refuses any contact on a public holiday', () => {
    expect(
      contactRefusal({
        at: at('2026-08-31T10:00:00'),
        channel: 'EMAIL',
        earlier: [],
        rules,
        publicHolidays: ['2026-08-31'],
      }),
    ).toBe('publicHoliday');
  });

  it('allows one contact a day per channel; another channel, or the next day, is fine', () => {
    const earlier = [{ channel: 'CALL' as const, businessDate: '2026-03-02' }];
    const check = (when: string, channel: 'CALL' | 'SMS') =>
      contactRefusal({ at: at(when), channel, earlier, rules, publicHolidays: [] });
    expect(check('2026-03-02T15:00:00', 'CALL')).toBe('tooFrequent');
    expect(check('2026-03-02T15:00:00', 'SMS')).toBeNull();
    expect(check('2026-03-03T08:30:00', 'CALL')).toBeNull();
  });

  it('takes its hours and frequency from settings, checked before they are saved', () => {
    expect(isValidContactRules({ from: '09:00', until: '18:00', perChannelPerDay: 2 })).toBe(true);
    expect(isValidContactRules({ from: '20:00', until: '08:00', perChannelPerDay: 1 })).toBe(false);
    expect(isValidContactRules({ from: '8:00', until: '20:00', perChannelPerDay: 1 })).toBe(false);
    expect(isValidContactRules({ from: '08:00', until: '20:00', perChannelPerDay: 0 })).toBe(false);
    const twice = { from: '08:00', until: '20:00', perChannelPerDay: 2 };
    const earlier = [{ channel: 'CALL' as const, businessDate: '2026-03-02' }];
    expect(
      contactRefusal({
        at: at('2026-03-02T10:00:00'),
        channel: 'CALL',
        earlier,
        rules: twice,
        publicHolidays: [],
      }),
    ).toBeNull();
  });
});
