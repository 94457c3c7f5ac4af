import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadError } from '@utsav/contracts';
import { RemoteUnavailableError } from './errors';
import { PageInteractive } from '../boot/interactive';
import { useShellT } from '../i18n';

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
        <LoadError message={<RouteErrorMessage unavailable={unavailable} />} onRetry={this.retry} />
        <PageInteractive />
      </Box>
    );
  }
}

/** What the boundary says (a function component: the words are translated with a hook). */
function RouteErrorMessage({ unavailable }: { unavailable: boolean }) {
  const t = useShellT();
  return (
    <>
      <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t(unavailable ? 'routeError.unavailableTitle' : 'routeError.title')}
      </Typography>
      <Typography variant="body2">{t(unavailable ? 'routeError.unavailableBody' : 'routeError.body')}</Typography>
    </>
  );
}
