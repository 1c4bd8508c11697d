import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TEXTS } from '../texts.js';

interface State {
  failed: boolean;
}

/** A screen that throws while drawing shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('renderer: a screen failed to draw', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="app-main screen-failed" role="alert">
        <h1 className="heading">{TEXTS.errorTitle}</h1>
        <p className="text">{TEXTS.screenFailed}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {TEXTS.retry}
        </button>
      </main>
    );
  }
}
