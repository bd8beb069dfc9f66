import type { Language } from '@lending/contracts';
import { parseLanguage } from '@lending/platform';

export interface ShellQuery {
  language: Language | null;
  showLogin: boolean;
  loginType: string | null;
}

/** `language`, `showLogin` and `loginType` work on every route (spec section 2). */
export function readShellQuery(search: string): ShellQuery {
  const params = new URLSearchParams(search);
  const showLogin = params.get('showLogin');
  return {
    language: parseLanguage(params.get('language')),
    showLogin: showLogin === 'true' || showLogin === '1',
    loginType: params.get('loginType'),
  };
}
