import {
  addTranslations,
  bus,
  deferTranslations,
  type TranslationLoaders,
  type Translations,
} from '@lending/platform';
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';

import { PlatformRoot } from '../platform-root';
import { RemoteErrorBoundary } from './remote-error-boundary';

export interface RemoteDefinition {
  /** The remote's package folder, e.g. `mf-onboarding`. */
  name: string;
  buildId: string;
  App: ComponentType;
  /** Loaders per language keep the language the page does not show out of the remote's start. */
  translations: Translations | TranslationLoaders;
  /** Further namespaces of the remote's features, by namespace name, there from its start. */
  moreTranslations?: Record<string, Translations | TranslationLoaders>;
  /** Namespaces of some screens only, fetched with the first screen that needs them (see
   *  `loadTranslations`): a route does not wait for the words of the rest of the remote. */
  screenTranslations?: Record<string, Translations | TranslationLoaders>;
}

export interface RemoteMountProps {
  name: string;
  domElement?: HTMLElement;
}

export interface RemoteLifecycles {
  bootstrap: (props: RemoteMountProps) => Promise<unknown>;
  mount: (props: RemoteMountProps) => Promise<unknown>;
  unmount: (props: RemoteMountProps) => Promise<unknown>;
  /** The harness mounts a remote without the orchestrator. */
  name: string;
  buildId: string;
}

/** React roots whose drawing is a transition: a remote's first screen is drawn in slices that
 *  leave the main thread to the visitor between them, not in one long task. */
const transitionRoots = {
  createRoot(container: Element): Pick<ReactDOMClient.Root, 'render' | 'unmount'> {
    const root = ReactDOMClient.createRoot(container);
    return {
      render: (children) => React.startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/** The lifecycles a remote exposes: its own React root wrapped in the platform providers and an
 *  error fence. Feature code never sees any of this. */
export function createRemoteLifecycles({
  name,
  buildId,
  App,
  translations,
  moreTranslations = {},
  screenTranslations = {},
}: RemoteDefinition): RemoteLifecycles {
  const Root = () => (
    <PlatformRoot>
      <BrowserRouter>
        <div data-remote={name} data-build-id={buildId}>
          <RemoteErrorBoundary remote={name}>
            <App />
          </RemoteErrorBoundary>
        </div>
      </BrowserRouter>
    </PlatformRoot>
  );

  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: transitionRoots,
    rootComponent: Root,
    // The fence inside Root handles screens; this only catches a failure of the providers.
    errorBoundary: (error: Error) => <div role="alert">{error.message}</div>,
  });

  return {
    name,
    buildId,
    bootstrap: async (props) => {
      for (const [namespace, words] of Object.entries(screenTranslations)) {
        deferTranslations(namespace, words);
      }
      await Promise.all(
        [[name, translations] as const, ...Object.entries(moreTranslations)].map(
          ([namespace, words]) => addTranslations(namespace, words),
        ),
      );
      return lifecycles.bootstrap(props as never);
    },
    mount: async (props) => {
      const result = await lifecycles.mount(props as never);
      bus.emit('remote.mounted', { remote: name, buildId });
      return result;
    },
    unmount: (props) => lifecycles.unmount(props as never),
  };
}
