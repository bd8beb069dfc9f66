import type { Orm } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { newOpaqueToken } from '../../kernel/secrets';
import type { SandboxCaptcha } from './port';
import { passStore } from './store';

/** A box a person ticks on the page. Like the real service, a pass is random, expires and is
 *  good for one form only; a made-up token is refused. */
export function sandboxCaptcha(db: Orm, clock: Clock): SandboxCaptcha {
  const passes = passStore(db, clock, 'sandbox');
  return {
    kind: 'sandbox',
    siteKey: null,
    async solve() {
      const token = `sandbox.${newOpaqueToken()}`;
      await passes.remember(token);
      return token;
    },
    check: (token) => passes.isLive(token),
    consume: (token) => passes.consume(token),
  };
}
