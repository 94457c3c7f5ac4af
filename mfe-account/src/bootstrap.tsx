import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('account', {
  Login: () => import('./pages/Login'),
  Onboarding: () => import('./pages/Onboarding'),
  MyAccount: () => import('./pages/MyAccount'),
  Terms: () => import('./pages/Terms'),
  Privacy: () => import('./pages/Privacy'),
});
