import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores argon2id hashes that verify the password and nothing else', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
  });

  it('hashes a 200-character password whole, not only its first 72 bytes', async () => {
    const head = 'a'.repeat(72);
    const long = head + 'b'.repeat(128);
    const other = head + 'c'.repeat(128);
    const stored = await hashPassword(long);
    expect(await verifyPassword(stored, long)).toBe(true);
    expect(await verifyPassword(stored, other)).toBe(false);
    expect(await verifyPassword(stored, head)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('answers false for a malformed stored hash and for the dummy check', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever1')).toBe(false);
    expect(await verifyAgainstDummy('whatever1')).toBe(false);
  });
});
