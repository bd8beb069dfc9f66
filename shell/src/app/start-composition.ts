import type { RemotesManifest } from '@lending/contracts';
import { matchRoute } from '@lending/platform';

import { fetchRemotesManifest } from '../features/composition/remotes-manifest';
import { loadOnce } from './lazy-page';

let started = false;
let earlyManifest: Promise<RemotesManifest> | null = null;

// The orchestrator (single-spa and the federation runtime's loading API) is code the public pages
// never use: it loads once the page is the app's, not before the page shows.
const loadComposition = loadOnce(
  'composition',
  () => import('../features/composition/compose-remotes'),
);

/** On a page a remote draws, the orchestrator, the environment's remotes.json and then the
 *  remote's own files are asked for as the app starts, beside the shell's own first drawing
 *  rather than after it. */
export function prepareComposition(pathname: string): void {
  const owner = matchRoute(pathname)?.route.owner;
  if (!owner || owner === 'shell') return;
  earlyManifest ??= fetchRemotesManifest();
  void Promise.all([loadComposition(), earlyManifest]).then(
    ([{ prepareRemote }, environment]) => prepareRemote(environment, owner),
    // A failure here is the orchestrator's to report, when it asks again.
    () => undefined,
  );
}

/** The remotes.json asked for early, once; after that (a retry after a failure) it is read anew. */
function readManifest(): Promise<RemotesManifest> {
  const manifest = earlyManifest ?? fetchRemotesManifest();
  earlyManifest = null;
  return manifest;
}

/** Hands the remotes to the orchestrator, once per page. */
export function startComposition(): void {
  if (started) return;
  started = true;
  void loadComposition().then(({ composeRemotes }) => composeRemotes(readManifest));
}
