import { useMemo } from 'react';
import { BrowserRouter, useRoutes } from '@utsav/contracts/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme } from '@utsav/contracts';
import { ToastViewport } from '../toasts/ToastViewport';
import { buildRoutes } from './routes';

const theme = createUtsavTheme();

function AppRoutes() {
  return useRoutes(useMemo(() => buildRoutes(), []));
}

/**
 * The declarative router (no loaders or actions are used): it is about half the bytes of the
 * data router, and every page reaches it through the shared @utsav/contracts/router.
 */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastViewport />
    </ThemeProvider>
  );
}
