import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme } from '@utsav/contracts';
import { ToastViewport } from '../toasts/ToastViewport';
import { buildRoutes } from './routes';

const theme = createUtsavTheme();

export function App() {
  const router = useMemo(() => createBrowserRouter(buildRoutes()), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <ToastViewport />
    </ThemeProvider>
  );
}
