import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { createUtsavTheme, sessionAtom, utsavStore, type PageRoute, type Session } from '@utsav/contracts';
import { buildRoutes } from '../src/app/routes';
import { ToastViewport } from '../src/toasts/ToastViewport';
import type { PageModule } from '../src/federation/load-page';

/** Each remote page stands in as a heading naming its module, so tests see which page a route shows. */
export const stubLoader = jest.fn(
  async (route: PageRoute): Promise<PageModule> => ({ default: () => <h1>page {route.module}</h1> }),
);

export function setSession(session: Session) {
  utsavStore.set(sessionAtom, session);
}

export const signedInComplete: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha' } },
};

export function renderApp(path: string, load = stubLoader) {
  const router = createMemoryRouter(buildRoutes(load), { initialEntries: [path] });
  const view = render(
    <ThemeProvider theme={createUtsavTheme()}>
      <RouterProvider router={router} />
      <ToastViewport />
    </ThemeProvider>,
  );
  return { router, ...view };
}
