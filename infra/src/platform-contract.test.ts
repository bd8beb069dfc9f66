import { createRequire } from 'node:module';
import path from 'node:path';

// The contract between the shell and each remote: the platform's own packages are shared with a
// real version range, strictly, so a remote built against a platform the page does not serve is
// refused by the federation runtime (and fenced) instead of running on the wrong copy.
const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../..');
const { sharedSingletons } = require(path.join(root, 'shared/build/index.js')) as {
  sharedSingletons: () => Record<
    string,
    {
      singleton: boolean;
      requiredVersion: string | false;
      strictVersion?: boolean;
      version?: string;
    }
  >;
};
const versionOf = (dir: string) =>
  (require(path.join(root, dir, 'package.json')) as { version: string }).version;

describe('the platform contract of the shared singletons', () => {
  const shared = sharedSingletons();

  it('shares every @lending package with its version and the range of its minor, strictly', () => {
    const platform = versionOf('shared/platform');
    const ui = versionOf('shared/ui');
    const lending = Object.entries(shared).filter(([name]) => name.startsWith('@lending/'));
    expect(lending.map(([name]) => name).sort()).toEqual([
      '@lending/platform',
      '@lending/platform/query',
      '@lending/ui',
      '@lending/ui/forms',
      '@lending/ui/overlays',
      '@lending/ui/remote',
      '@lending/ui/screens',
    ]);
    for (const [name, entry] of lending) {
      const version = name.startsWith('@lending/platform') ? platform : ui;
      expect({ name, ...entry }).toEqual({
        name,
        singleton: true,
        requiredVersion: `^${version}`,
        strictVersion: true,
        version,
      });
    }
  });

  it('leaves no shared package without a version range', () => {
    for (const [name, entry] of Object.entries(shared)) {
      expect({ name, range: entry.requiredVersion }).toEqual({
        name,
        range: expect.stringMatching(/^\^\d+\.\d+\.\d+/),
      });
    }
  });
});
