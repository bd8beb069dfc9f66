import { useT } from '@lending/platform';
import { Center, RemoteFallback, Spinner, Text } from '@lending/ui';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
} from 'react';

const RELOAD_KEY_PREFIX = 'shell.lazyReload.';

function readFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    // Storage can be blocked; without it there is no way to remember a reload, so none is tried.
    return true;
  }
}

function writeFlag(key: string, set: boolean): void {
  try {
    if (set) window.sessionStorage.setItem(key, String(Date.now()));
    else window.sessionStorage.removeItem(key);
  } catch {
    // See readFlag.
  }
}

/**
 * Loads a page's code on demand. A chunk that fails to load is most often one a new release
 * replaced: the first failure reloads the page once (remembered in sessionStorage, so it cannot
 * loop), the next one surfaces to the error boundary.
 */
export function loadOnce<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  const key = RELOAD_KEY_PREFIX + name;
  return () =>
    load().then(
      (loaded) => {
        writeFlag(key, false);
        return loaded;
      },
      (error: unknown) => {
        if (readFlag(key)) {
          writeFlag(key, false);
          throw error;
        }
        writeFlag(key, true);
        window.location.reload();
        // The reload replaces this page; nothing should render in the meantime.
        return new Promise<T>(() => undefined);
      },
    );
}

export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code; resolves (never rejects) once the page can render at once. */
  preload: () => Promise<void>;
}

export function lazyPage<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const loadWithReload = loadOnce(name, () =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  // One attempt per page view, shared by the preload and the render.
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => (pending ??= loadWithReload());
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(() =>
    start().then((component) => ({ default: component })),
  );
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  Page.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}

export function PageLoading({ compact = false }: { compact?: boolean }) {
  const { t } = useT('shell');
  return (
    <Center
      role="status"
      aria-live="polite"
      gap={3}
      py={compact ? 4 : 16}
      data-testid="page-loading"
    >
      <Spinner size="md" color="brand.primary" />
      <Text color="gray.700">{t('pageLoading')}</Text>
    </Center>
  );
}

interface BoundaryProps {
  name: string;
  children: ReactNode;
}

interface BoundaryState {
  failure: 'fetch' | 'render' | null;
}

class LazyErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    const chunkFailed = error instanceof Error && error.name === 'ChunkLoadError';
    return { failure: chunkFailed ? 'fetch' : 'render' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} page failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failure) {
      return (
        <RemoteFallback
          remote={`shell:${this.props.name}`}
          reason={this.state.failure}
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}

/** Where a lazily loaded page renders: a short loading state, then the page or a way forward. */
export function LazyBoundary({
  name,
  children,
  compact = false,
}: BoundaryProps & { compact?: boolean }) {
  return (
    <LazyErrorBoundary key={name} name={name}>
      <Suspense fallback={<PageLoading compact={compact} />}>{children}</Suspense>
    </LazyErrorBoundary>
  );
}
