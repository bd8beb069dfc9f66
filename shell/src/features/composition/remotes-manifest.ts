import type { RemoteLocation, RemotesManifest } from '@lending/contracts';

const REMOTE_NAMES: ReadonlySet<string> = new Set([
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
]);

export const DEFAULT_LOAD_TIMEOUT_MS = 10_000;

/** Reads the environment's remotes.json. Where each remote lives is decided here, at run time,
 *  never at the shell's build. */
export function parseRemotesManifest(input: unknown): RemotesManifest {
  if (
    typeof input !== 'object' ||
    input === null ||
    !Array.isArray((input as RemotesManifest).remotes)
  ) {
    throw new Error('remotes.json must be an object with a "remotes" array');
  }
  const raw = input as { remotes: unknown[]; loadTimeoutMs?: unknown };
  const remotes: RemoteLocation[] = [];
  for (const entry of raw.remotes) {
    const candidate = entry as Partial<RemoteLocation>;
    if (
      typeof candidate?.name === 'string' &&
      REMOTE_NAMES.has(candidate.name) &&
      typeof candidate.manifestUrl === 'string' &&
      candidate.manifestUrl.length > 0
    ) {
      remotes.push({ name: candidate.name, manifestUrl: candidate.manifestUrl });
    } else {
      console.warn('remotes.json: ignoring an entry that names no known remote', entry);
    }
  }
  const timeout = raw.loadTimeoutMs;
  return {
    remotes,
    loadTimeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout : DEFAULT_LOAD_TIMEOUT_MS,
  };
}

export async function fetchRemotesManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parseRemotesManifest(await response.json());
}
