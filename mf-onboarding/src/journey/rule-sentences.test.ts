import { t, tMs } from '../testing/schema-test-kit';
import { countryCodeSentence, phoneSentence, registrationNumberProblem } from './rule-sentences';

describe('the sentence for a rule a value breaks', () => {
  it('names the phone field it is about, in English and in Malay', () => {
    expect(phoneSentence(t, 'dash', 'contact number')).toBe(
      'Please enter your contact number without dashes',
    );
    expect(phoneSentence(tMs, 'dash', 'nombor telefon')).toBe(
      'Sila masukkan nombor telefon anda tanpa sengkang',
    );
    expect(phoneSentence(t, 'prefix', 'contact number')).toBe(
      'Please enter a valid contact number',
    );
    expect(countryCodeSentence(tMs)).toBe('Sila pilih kod negara');
  });

  it('tells the registration number format apart from a number of another type', () => {
    expect(registrationNumberProblem(t, 'JM0123456-X', 'COMPANY', 2026)).toEqual({
      reason: 'format',
      sentence: 'Please enter a valid business registration number (new 12-digit format)',
    });
    expect(registrationNumberProblem(tMs, '202003123456', 'COMPANY', 2026)).toEqual({
      reason: 'organizationType',
      sentence: 'Nombor pendaftaran perniagaan ini untuk milikan tunggal, bukan syarikat',
    });
    expect(registrationNumberProblem(t, '202003123456', 'SOLE_PROP', 2026)).toBeNull();
    expect(registrationNumberProblem(t, '202003123456', '', 2026)).toBeNull();
  });
});
