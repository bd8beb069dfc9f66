import { nameIn } from './name-in';

describe('nameIn', () => {
  it('names an item in Malay when it has a Malay name, else in English', () => {
    expect(nameIn('MS', { name: 'Bank statement', nameMs: 'Penyata bank' })).toBe('Penyata bank');
    expect(nameIn('EN', { name: 'Bank statement', nameMs: 'Penyata bank' })).toBe('Bank statement');
    expect(nameIn('MS', { name: 'Maybank', nameMs: null })).toBe('Maybank');
    expect(nameIn('MS', { name: 'Maybank', nameMs: '' })).toBe('Maybank');
  });
});
