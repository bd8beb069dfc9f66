import { licenceAllowed } from '../bin/supply-chain.mjs';

describe('licence allow-list', () => {
  it.each([
    ['MIT', true],
    ['(MIT OR CC0-1.0)', true],
    ['Apache-2.0 AND MIT', true],
    ['Apache-2.0 WITH LLVM-exception', true],
    ['(GPL-2.0 OR MIT)', true],
    ['(MIT AND Zlib)', true],
    ['GPL-3.0', false],
    ['MIT AND GPL-3.0', false],
    ['(MIT AND (GPL-3.0 OR AGPL-3.0))', false],
    ['SEE LICENSE IN LICENSE.txt', false],
    ['UNKNOWN', false],
    ['', false],
  ])('%s is allowed: %s', (expression, allowed) => {
    expect(licenceAllowed(expression)).toBe(allowed);
  });
});
