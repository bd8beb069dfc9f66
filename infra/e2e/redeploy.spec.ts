import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test } from '@playwright/test';

import { remoteScreen } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

const repoRoot = path.resolve(here, '../..');
const serverDir = process.env.E2E_SERVER_DIR!;
const remotesFile = path.join(serverDir, 'remotes.json');

test.describe('shipping a remote', () => {
  test.setTimeout(180_000);

  test('pointing remotes.json at a new build changes what users get, without rebuilding the shell', async ({
    page,
  }) => {
    const shellBefore = fs.statSync(path.join(repoRoot, 'shell/dist/index.html')).mtimeMs;
    await page.goto('/guarantor-signing/signing-complete');
    const screen = remoteScreen(page, 'mf-guarantor', 'signingComplete');
    await expect(screen).toBeVisible();
    const firstBuild = await page
      .locator('[data-remote="mf-guarantor"]')
      .getAttribute('data-build-id');

    // Build the remote again as a new release, beside the old one.
    const release = `e2e-${Date.now()}`;
    const outDir = path.join(serverDir, 'releases/mf-guarantor', release);
    execFileSync('pnpm', ['--filter', '@lending/mf-guarantor', 'run', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, OUT_DIR: outDir, BUILD_ID: release },
      stdio: 'ignore',
    });

    const original = fs.readFileSync(remotesFile, 'utf8');
    try {
      const manifest = JSON.parse(original) as { remotes: { name: string; manifestUrl: string }[] };
      const guarantor = manifest.remotes.find((remote) => remote.name === 'mf-guarantor')!;
      guarantor.manifestUrl = `/releases/mf-guarantor/${release}/mf-manifest.json`;
      fs.writeFileSync(remotesFile, JSON.stringify(manifest));

      await page.reload();
      await expect(screen).toBeVisible();
      await expect(page.locator('[data-remote="mf-guarantor"]')).toHaveAttribute(
        'data-build-id',
        release,
      );
      expect(release).not.toBe(firstBuild);
      expect(fs.statSync(path.join(repoRoot, 'shell/dist/index.html')).mtimeMs).toBe(shellBefore);
    } finally {
      fs.writeFileSync(remotesFile, original);
    }
    await page.reload();
    await expect(page.locator('[data-remote="mf-guarantor"]')).toHaveAttribute(
      'data-build-id',
      firstBuild!,
    );
  });
});
