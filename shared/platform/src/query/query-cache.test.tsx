import type { Application } from '@lending/contracts';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

import { ApiError } from '../api/http-client';
import { bus } from '../bus/event-bus';
import {
  cacheSavedApplication,
  loadStatusOf,
  queryClient,
  queryKeys,
  retryOnceOnNetworkFailure,
  useServerQuery,
} from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER = 'user-1';

function application(referenceNo: string): Application {
  return { id: 'app-1', userId: USER, referenceNo } as Application;
}

/** Serves "the current application" with a new reference number on every fetch. */
function countingServer() {
  let fetches = 0;
  return {
    get fetches() {
      return fetches;
    },
    load: async () => {
      fetches += 1;
      return application(`REF-${fetches}`);
    },
  };
}

function CurrentReference({ load }: { load: () => Promise<Application> }) {
  const query = useServerQuery({ queryKey: queryKeys.application.current(USER), queryFn: load });
  return <p>{query.data?.referenceNo ?? 'loading'}</p>;
}

const roots: { root: Root; element: HTMLElement }[] = [];

/** Each node in its own React root, as the shell and each remote render, mounted together. */
async function mountRoots(...nodes: ReactNode[]): Promise<HTMLElement[]> {
  const mounted = nodes.map((node) => {
    const element = document.createElement('div');
    document.body.append(element);
    const root = createRoot(element);
    roots.push({ root, element });
    return { root, element, node };
  });
  await act(async () => mounted.forEach(({ root, node }) => root.render(node)));
  return mounted.map(({ element }) => element);
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  }
  expect(check()).toBe(true);
}

afterEach(async () => {
  for (const { root, element } of roots.splice(0)) {
    await act(async () => root.unmount());
    element.remove();
  }
  queryClient.clear();
});

describe('the page query cache', () => {
  it('fetches the application again when the bus says it was updated', async () => {
    const server = countingServer();
    const [shown] = await mountRoots(<CurrentReference load={server.load} />);
    await until(() => shown!.textContent === 'REF-1');

    act(() => bus.emit('application.updated', { applicationId: 'app-1' }));

    await until(() => shown!.textContent === 'REF-2');
    expect(server.fetches).toBe(2);
  });

  it("drops the signed-in person's data when the session changes, keeping reference lists", () => {
    queryClient.setQueryData(queryKeys.application.current(USER), application('REF-1'));
    queryClient.setQueryData(queryKeys.files.ofApplication('app-1'), []);
    queryClient.setQueryData(queryKeys.master.list('banks'), [{ id: 1, name: 'Maybank' }]);

    bus.emit('session.changed', { loggedIn: false, userId: null });

    expect(queryClient.getQueryData(queryKeys.application.current(USER))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.files.ofApplication('app-1'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.master.list('banks'))).toEqual([
      { id: 1, name: 'Maybank' },
    ]);
  });

  it('is one cache for two React roots: one fetch, and a saved application reaches both', async () => {
    const server = countingServer();
    const [shell, remote] = await mountRoots(
      <CurrentReference load={server.load} />,
      <CurrentReference load={server.load} />,
    );
    await until(() => shell!.textContent === 'REF-1' && remote!.textContent === 'REF-1');
    expect(server.fetches).toBe(1);

    act(() => cacheSavedApplication(application('REF-SAVED')));

    await until(() => shell!.textContent === 'REF-SAVED' && remote!.textContent === 'REF-SAVED');
    expect(server.fetches).toBe(1);
  });

  it('reports a failed load with the server message, and a retry that fetches again', async () => {
    let fetches = 0;
    let status: ReturnType<typeof loadStatusOf> | null = null;
    function Probe() {
      const query = useServerQuery({
        queryKey: queryKeys.master.list('races'),
        queryFn: async () => {
          fetches += 1;
          if (fetches === 1) throw refusal(404, 'List not found');
          return ['Malay'];
        },
      });
      status = loadStatusOf(query);
      return null;
    }
    await mountRoots(<Probe />);
    await until(() => status?.error === 'List not found');
    expect(status!.loading).toBe(false);
    // A 4xx is the server's answer: asked once, not again behind the person's back.
    expect(fetches).toBe(1);

    act(() => status!.onRetry());

    await until(() => status?.loading === false && status.error === null);
    expect(fetches).toBe(2);
  });
});

function refusal(code: number, message: string): ApiError {
  return new ApiError(
    message,
    'ERR_BAD_REQUEST',
    {},
    {
      status: code,
      headers: {},
      config: {},
      data: { message },
    },
  );
}

describe('retries', () => {
  it('never retries an answer from the server, and retries a network failure once', () => {
    const network = new ApiError('Network Error', 'ERR_NETWORK', {});
    expect(retryOnceOnNetworkFailure(0, refusal(404, 'Not found'))).toBe(false);
    expect(retryOnceOnNetworkFailure(0, refusal(503, 'Unavailable'))).toBe(false);
    expect(retryOnceOnNetworkFailure(0, network)).toBe(true);
    expect(retryOnceOnNetworkFailure(1, network)).toBe(false);
  });
});
