import path from 'node:path';

import { ESLint } from 'eslint';

const repoRoot = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('feature boundaries of a remote', () => {
  it('refuses a feature importing a sibling feature', async () => {
    const code =
      "import { LoanCard } from '../application/loan-card';\nexport const card = LoanCard;\n";
    const errors = await restrictedImports(code, 'mf-onboarding/src/features/summary/x.tsx');
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('refuses a sibling feature reached through the features folder', async () => {
    const code =
      "import { SummaryPage } from '../../features/summary/summary-page';\nexport const page = SummaryPage;\n";
    const errors = await restrictedImports(code, 'mf-onboarding/src/features/application/x.tsx');
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('lets a feature import the shared folder of its remote and its own files', async () => {
    const code = [
      "import { ApplicationFrame } from '../../journey/application-frame';",
      "import { useCurrentApplication } from '../../hooks/use-current-application';",
      "import { acknowledgementSchema } from './acknowledgement-schema';",
      'export const used = [ApplicationFrame, useCurrentApplication, acknowledgementSchema];',
      '',
    ].join('\n');
    expect(await restrictedImports(code, 'mf-onboarding/src/features/summary/x.tsx')).toEqual([]);
  });

  it('still refuses another remote from inside a feature', async () => {
    const code = "import { x } from '../../../../mf-admin/src/app/app';\nexport const y = x;\n";
    const errors = await restrictedImports(code, 'mf-onboarding/src/features/summary/x.tsx');
    expect(errors).toEqual([expect.stringContaining('Remotes talk over the bus')]);
  });
});
