import { readShellQuery } from './query-params';

describe('query parameters on every route', () => {
  it.each([
    ['?language=MS', 'MS'],
    ['?language=bm', 'MS'],
    ['?language=BM', 'MS'],
    ['?language=ms', 'MS'],
    ['?language=EN', 'EN'],
    ['?language=xx', null],
    ['', null],
  ])('reads %p as language %p', (search, language) => {
    expect(readShellQuery(search).language).toBe(language);
  });

  it.each([
    ['?showLogin=true', true],
    ['?showLogin=1', true],
    ['?showLogin=false', false],
    ['?showLogin=yes', false],
    ['', false],
  ])('reads %p as showLogin %p', (search, showLogin) => {
    expect(readShellQuery(search).showLogin).toBe(showLogin);
  });

  it('passes loginType through', () => {
    expect(readShellQuery('?showLogin=1&loginType=redone').loginType).toBe('redone');
    expect(readShellQuery('?showLogin=1').loginType).toBeNull();
  });
});
