import { bus, reloadRemote } from '@lending/platform';
import { Component, type ErrorInfo, type ReactNode } from 'react';

import { RemoteFallback } from './remote-fallback';

interface Props {
  remote: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

/** A screen that throws while rendering is fenced here: the fallback replaces it and the rest of
 *  the page keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    bus.emit('remote.failed', {
      remote: this.props.remote,
      reason: 'render',
      message: error.message,
    });
    console.error(`[${this.props.remote}] render failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    // In the composed page the shell fetches the remote afresh (a bad deploy may have been
    // fixed since); alone, rendering again is all there is.
    if (!reloadRemote(this.props.remote)) {
      this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
    }
  };

  override render() {
    if (this.state.error) {
      return <RemoteFallback remote={this.props.remote} reason="render" onRetry={this.retry} />;
    }
    return <Fence key={this.state.attempt}>{this.props.children}</Fence>;
  }
}

function Fence({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
