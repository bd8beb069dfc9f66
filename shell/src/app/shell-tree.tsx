import { PlatformRoot } from '@lending/ui';
import { type ReactNode, useEffect } from 'react';

import { App } from './app';

function AfterFirstCommit({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}

/** The one tree of the shell, drawn on the server (inside a static router) and in the browser
 *  (inside the browser's): both sides must build the same one for hydration to keep the page.
 *  `onReady` runs once the page is the app's (hydrated or first drawn). */
export function ShellTree({
  router,
  onReady,
}: {
  router: (children: ReactNode) => ReactNode;
  onReady?: () => void;
}) {
  return (
    <PlatformRoot>
      {router(<App />)}
      <AfterFirstCommit run={onReady} />
    </PlatformRoot>
  );
}
