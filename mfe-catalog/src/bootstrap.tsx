import { renderStandalone } from '@utsav/contracts/standalone';

renderStandalone('catalog', {
  Home: () => import('./pages/Home'),
  Search: () => import('./pages/Search'),
  ServiceDetail: () => import('./pages/ServiceDetail'),
  PackageList: () => import('./pages/PackageList'),
  PackageDetail: () => import('./pages/PackageDetail'),
});
