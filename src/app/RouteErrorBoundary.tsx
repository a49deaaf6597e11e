import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError.tsx';

interface Props {
  /** The address: going somewhere else gives the screens another try. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  key: string;
}

/**
 * Catches a screen that throws while rendering (or whose code could not be fetched) and shows
 * RouteError in its place, with the error in the console for whoever debugs it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('foyer: a screen failed to render', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
