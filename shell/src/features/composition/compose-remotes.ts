import type {
  RemoteFailureReason,
  RemoteLocation,
  RemotesManifest,
  RouteOwner,
} from '@lending/contracts';
import { bus, guardRoute, matchRoute, ROUTES, setRemoteReloader } from '@lending/platform';
import type { RemoteLifecycles, RemoteMountProps } from '@lending/ui/remote';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type LifeCycles, registerApplication, start, unloadApplication } from 'single-spa';

import { currentAccess } from '../navigation/access';
import { fallbackLifecycles } from './fallback-lifecycles';
import { DEFAULT_LOAD_TIMEOUT_MS } from './remotes-manifest';

export type RemoteName = Exclude<RouteOwner, 'shell'>;

export const federationName = (remote: string) => remote.replace(/-/g, '_');

class RemoteTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(`no answer after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Each remote renders into its own slot inside the shell's outlet, so the header and footer stay
 *  put whichever remote is active. */
export function remoteContainer(remote: string): HTMLElement {
  const id = `remote-${remote}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const container = document.createElement('div');
  container.id = id;
  (document.getElementById('remote-outlet') ?? document.body).appendChild(container);
  return container;
}

function registerWithFederation(location: RemoteLocation, force: boolean): void {
  if (force) {
    // A remote fetched afresh must not pick up chunks its previous runtime left in the page's
    // chunk registry: they may be the very code that failed.
    delete (window as unknown as Record<string, unknown>)[
      `webpackChunk${federationName(location.name)}`
    ];
  }
  registerRemotes(
    [
      {
        name: federationName(location.name),
        entry: new URL(location.manifestUrl, window.location.href).href,
      },
    ],
    { force },
  );
}

/** Where each remote was registered from, once per page (again only by a retry, with force). */
const registeredLocations = new Map<string, RemoteLocation>();

function registerOnce(location: RemoteLocation): void {
  if (registeredLocations.has(location.name)) return;
  registerWithFederation(location, false);
  registeredLocations.set(location.name, location);
}

function isActive(remote: string, pathname: string): boolean {
  const decision = guardRoute(pathname, currentAccess());
  return decision.kind === 'allow' && matchRoute(pathname)?.route.owner === remote;
}

/** The remotes are the owners named in the route table; where each one lives comes from the
 *  environment's manifest, read when a remote is first needed (and read again after a failure). */
/** The shared UI entries a remote may use besides the main one. Each build of a remote carries
 *  its own copies, and the page uses whichever copy loaded first: the shell's must be the one,
 *  because its styling context (mounted by the shell's copy of the lifecycles) is the only one
 *  a component finds. The public pages never load them, so they load here, before any remote. */
const loadShellUi = (() => {
  let loading: Promise<unknown> | null = null;
  return () =>
    (loading ??= Promise.all([
      import('@lending/ui/remote'),
      import('@lending/ui/forms'),
      import('@lending/ui/overlays'),
      import('@lending/ui/screens'),
    ]).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
})();

/** Fetches the files of `remote` (its manifest, entry and first screen's
 *  code) and the shared UI it needs, while the shell is still drawing the outlet it will go in.
 *  Nothing is mounted here: single-spa does that once the shell has composed the remotes. */
export function prepareRemote(environment: RemotesManifest, remote: RemoteName): void {
  const location = environment.remotes.find((entry) => entry.name === remote);
  if (!location) return;
  void loadShellUi().catch(() => undefined);
  registerOnce(location);
  // A failure here shows again, and is reported, when single-spa loads the remote.
  void preloadRemote([{ nameOrAlias: federationName(location.name), exposes: ['./app'] }]).catch(
    () => undefined,
  );
}

export function composeRemotes(readManifest: () => Promise<RemotesManifest>): void {
  let manifest: Promise<RemotesManifest> | null = null;
  const manifestOnce = () => {
    manifest ??= readManifest().catch((error: unknown) => {
      manifest = null;
      throw error;
    });
    return manifest;
  };

  const names = [...new Set(ROUTES.map((route) => route.owner))].filter(
    (owner): owner is RemoteName => owner !== 'shell',
  );
  const reloaders = new Map<string, () => Promise<void>>();
  setRemoteReloader(async (remote) => reloaders.get(remote)?.());

  for (const name of names) {
    const retry = async () => {
      // Forget everything fetched for this remote so the next load asks the server again.
      const registered = registeredLocations.get(name);
      if (registered) registerWithFederation(registered, true);
      await unloadApplication(name, { waitForUnmount: false });
    };
    reloaders.set(name, retry);

    const fail = (reason: RemoteFailureReason, error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[shell] ${name} failed (${reason}): ${message}`);
      bus.emit('remote.failed', { remote: name, reason, message });
      return fallbackLifecycles(name, reason, retry);
    };

    const load = async (): Promise<LifeCycles<RemoteMountProps>> => {
      const [environment] = await Promise.all([manifestOnce(), loadShellUi()]);
      const location = environment.remotes.find((remote) => remote.name === name);
      if (!location) throw new Error(`remotes.json names no location for ${name}`);
      registerOnce(location);
      const module = await withTimeout(
        loadRemote<{ default: RemoteLifecycles }>(`${federationName(name)}/app`),
        environment.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
      );
      const lifecycles = module?.default;
      if (!lifecycles?.mount) throw new Error('the remote exposes no lifecycles');

      let fallback: ReturnType<typeof fail> | null = null;
      return {
        bootstrap: lifecycles.bootstrap,
        mount: async (props) => {
          try {
            await lifecycles.mount(props);
          } catch (error) {
            // A remote that throws while mounting must not take the page down with it.
            fallback = fail('render', error);
            await fallback.mount(props);
          }
        },
        unmount: async (props) => {
          if (fallback) {
            await fallback.unmount();
            fallback = null;
            return;
          }
          await lifecycles.unmount(props);
        },
      };
    };

    registerApplication<RemoteMountProps>({
      name,
      app: async () => {
        try {
          return await load();
        } catch (error) {
          return fail(error instanceof RemoteTimeoutError ? 'timeout' : 'fetch', error);
        }
      },
      activeWhen: (location) => isActive(name, location.pathname),
      customProps: () => ({ name, domElement: remoteContainer(name) }),
    });
  }

  start({ urlRerouteOnly: true });
}
