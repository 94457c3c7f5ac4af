import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError } from '@utsav/contracts';
import { RemoteUnavailableError } from './errors';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

interface State {
  error: Error | null;
}

/** Keeps a failing page (or a remote that won't load) from taking the rest of the app down. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Route failed', error, info.componentStack);
  }

  private retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const unavailable = error instanceof RemoteUnavailableError;
    return (
      <Box sx={{ p: 3 }}>
        <LoadError
          message={
            <>
              <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {unavailable ? "This page couldn't be loaded." : 'Something went wrong on this page.'}
              </Typography>
              <Typography variant="body2">
                {unavailable
                  ? 'Check your connection and try again. The rest of Utsav still works.'
                  : 'Try again. If it keeps happening, come back in a little while.'}
              </Typography>
            </>
          }
          onRetry={this.retry}
        />
      </Box>
    );
  }
}
