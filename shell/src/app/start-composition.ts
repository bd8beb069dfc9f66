import { composeRemotes } from '../features/composition/compose-remotes';
import { fetchRemotesManifest } from '../features/composition/remotes-manifest';

let started = false;

/** Hands the remotes to the orchestrator, once per page. */
export function startComposition(): void {
  if (started) return;
  started = true;
  composeRemotes(() => fetchRemotesManifest());
}
