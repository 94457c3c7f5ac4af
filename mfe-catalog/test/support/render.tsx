import { createRouteRenderer } from '@utsav/contracts/testing';
import HomePage from '../../src/pages/Home';
import PackageDetailPage from '../../src/pages/PackageDetail';
import PackageListPage from '../../src/pages/PackageList';
import SearchPage from '../../src/pages/Search';
import ServiceDetailPage from '../../src/pages/ServiceDetail';

export { currentLocation } from '@utsav/contracts/testing';

/** Renders the catalog pages on their real route paths, with the slot page standing in. */
export const renderRoute = createRouteRenderer({
  remote: 'catalog',
  pages: {
    './Home': HomePage,
    './Search': SearchPage,
    './ServiceDetail': ServiceDetailPage,
    './PackageList': PackageListPage,
    './PackageDetail': PackageDetailPage,
  },
  elsewhere: { '/service/slots': 'Slot page', '/login': 'Login page' },
});
