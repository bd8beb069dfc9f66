import type { TinCheck } from './port';
import { sandboxTaxAuthority } from './sandbox';

const authority = sandboxTaxAuthority();
const valid = (tin: string, idType: TinCheck['idType'], idValue: string) =>
  authority.validateTin({ tin, idType, idValue });

describe('the sandbox taxpayer check', () => {
  it('knows an individual by IG and 9 to 11 digits, against a personal identity', async () => {
    expect(await valid('IG123456789', 'NRIC', '900101145678')).toBe(true);
    expect(await valid('IG12345678901', 'PASSPORT', 'A12345678')).toBe(true);
    expect(await valid('IG1234567890', 'ARMY', 'T123456')).toBe(true);
    expect(await valid('IG12345678', 'NRIC', '900101145678')).toBe(false);
    expect(await valid('IG123456789012', 'NRIC', '900101145678')).toBe(false);
    expect(await valid('IG12345678A', 'NRIC', '900101145678')).toBe(false);
    expect(await valid('ig123456789', 'NRIC', '900101145678')).toBe(false);
    // An individual's TIN is not issued against a business registration.
    expect(await valid('IG123456789', 'BRN', '201901000005')).toBe(false);
  });

  it('checks the identity itself', async () => {
    expect(await valid('IG123456789', 'NRIC', '90010114567')).toBe(false);
    expect(await valid('IG123456789', 'NRIC', '900101-14-5678')).toBe(false);
    expect(await valid('IG123456789', 'PASSPORT', 'A1-23')).toBe(false);
  });

  it('matches companies, partnerships and LLPs to the kind of entity registered', async () => {
    expect(await valid('C2584563200', 'BRN', '201901000005')).toBe(true);
    expect(await valid('C2584563200', 'BRN', '201902000005')).toBe(true);
    expect(await valid('D2584563200', 'BRN', '201903000005')).toBe(true);
    expect(await valid('PT2584563200', 'BRN', '202004000005')).toBe(true);
    expect(await valid('PT2584563200', 'BRN', '202006000005')).toBe(true);
    expect(await valid('C2584563200', 'BRN', '201903000005')).toBe(false);
    expect(await valid('D2584563200', 'BRN', '201901000005')).toBe(false);
    expect(await valid('PT2584563200', 'BRN', '201901000005')).toBe(false);
    expect(await valid('C2584563200', 'NRIC', '900101145678')).toBe(false);
    expect(await valid('C', 'BRN', '201901000005')).toBe(false);
    expect(await valid('E2584563200', 'BRN', '201901000005')).toBe(false);
    expect(await valid('C2584563200123', 'BRN', '201901000005')).toBe(true);
    expect(await valid('C25845632001234', 'BRN', '201901000005')).toBe(false);
  });

  it('answers not found for a well-formed TIN of zeros', async () => {
    expect(await valid('IG000000000', 'NRIC', '900101145678')).toBe(false);
    expect(await valid('C0000000000', 'BRN', '201901000005')).toBe(false);
  });
});
