/**
 * The default error screen (SPEC §8): 'Unexpected Application Error!', or, when a screen's script could
 * not be fetched (patchy data), that the page could not load, in every language without the chunk's
 * code name, and a second line that says what to do, so a farmer on patchy data knows a retry may work;
 * with a button to try again. A React error boundary has to
 * be a class; it holds no rule beyond "something below threw".
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ChunkLoadError } from './chunk-load-error';

export { ChunkLoadError };

interface State {
  error: Error | null;
}

export class ErrorScreen extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for whoever opens the browser console on the phone; the screen says what a person needs.
    console.warn('Screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="error-screen" role="alert">
        <h1>
          {error instanceof ChunkLoadError ? (
            <FormattedMessage id="common.pageFailed" values={{ chunk: error.chunk }} />
          ) : (
            <FormattedMessage id="common.unexpectedError" />
          )}
        </h1>
        {error instanceof ChunkLoadError ? (
          <p>
            <FormattedMessage id="common.pageFailedHelp" />
          </p>
        ) : null}
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          <FormattedMessage id="common.tryAgain" />
        </button>
      </main>
    );
  }
}
