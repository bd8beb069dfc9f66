import { fetchRemotesManifest } from '../features/composition/remotes-manifest';
import { loadOnce } from './lazy-page';

let started = false;

// The orchestrator (single-spa and the federation runtime's loading API) is code the public pages
// never use: it loads once the page is the app's, not before the page shows.
const loadComposition = loadOnce(
  'composition',
  () => import('../features/composition/compose-remotes'),
);

/** Hands the remotes to the orchestrator, once per page. */
export function startComposition(): void {
  if (started) return;
  started = true;
  void loadComposition().then(({ composeRemotes }) => composeRemotes(() => fetchRemotesManifest()));
}
