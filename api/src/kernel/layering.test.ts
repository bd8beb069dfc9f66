// The API's layering rules (eslint.config.mjs) checked on sample files. The paths are virtual:
// ESLint applies the configuration by path without reading the file, so nothing here is in the
// repository's own lint.
import path from 'node:path';

import { ESLint } from 'eslint';

import { repoRoot } from './config';

const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the API layering rules', () => {
  jest.setTimeout(120_000);

  it("refuses a module reaching into another module's store, not its own or a service", async () => {
    expect(
      await restrictedImports(
        'api/src/modules/files/service.ts',
        "import { createUserStore } from '../users/store';\nexport const s = createUserStore;\n",
      ),
    ).toEqual([expect.stringContaining("through that module's service")]);
    expect(
      await restrictedImports(
        'api/src/modules/verification/service.ts',
        "import type { Sessions } from '../auth/session-store';\nexport type S = Sessions;\n",
      ),
    ).toEqual([expect.stringContaining("through that module's service")]);
    expect(
      await restrictedImports(
        'api/src/modules/files/service.ts',
        "import { createFileStore } from './store';\nimport type { UserAccounts } from '../users/service';\n" +
          'export const s = createFileStore;\nexport type U = UserAccounts;\n',
      ),
    ).toEqual([]);
  });

  it('refuses Drizzle and the schema outside a store, and lets a store use them', async () => {
    const drizzle =
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema';\n" +
      'export const byId = (id: string) => eq(users.id, id);\n';
    expect(await restrictedImports('api/src/modules/users/service.ts', drizzle)).toEqual([
      expect.stringContaining("Only a module's store.ts"),
      expect.stringContaining("Only a module's store.ts"),
    ]);
    expect(await restrictedImports('api/src/http/access.ts', drizzle)).toHaveLength(2);
    expect(await restrictedImports('api/src/modules/users/store.ts', drizzle)).toEqual([]);
    expect(await restrictedImports('api/src/kernel/audit.ts', drizzle)).toEqual([]);
    expect(await restrictedImports('api/src/adapters/captcha/store.ts', drizzle)).toEqual([]);
    expect(await restrictedImports('api/src/modules/users/users.test.ts', drizzle)).toEqual([]);
  });

  it('refuses the kernel and the adapters importing a module, and the kernel an adapter', async () => {
    const moduleImport =
      "import { createAuthService } from '../../modules/auth/service';\nexport const a = createAuthService;\n";
    expect(await restrictedImports('api/src/adapters/email/smtp.ts', moduleImport)).toEqual([
      expect.stringContaining('never import them'),
    ]);
    expect(
      await restrictedImports(
        'api/src/kernel/clock.ts',
        "import { createAuthService } from '../modules/auth/service';\n" +
          "import type { EmailSender } from '../adapters/email/port';\n" +
          'export const a = createAuthService;\nexport type E = EmailSender;\n',
      ),
    ).toEqual([
      expect.stringContaining('never import them'),
      expect.stringContaining('never imports them'),
    ]);
    expect(
      await restrictedImports(
        'api/src/adapters/email/smtp.ts',
        "import type { Clock } from '../../kernel/clock';\nimport type { EmailSender } from './port';\n" +
          'export type C = Clock;\nexport type E = EmailSender;\n',
      ),
    ).toEqual([]);
  });
});
