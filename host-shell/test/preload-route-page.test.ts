import type { PageRoute } from '@utsav/contracts';
import { preloadRoutePage } from '../src/federation/preload-route-page';

const loader = () => jest.fn((_route: Pick<PageRoute, 'remote' | 'module'>) => Promise.resolve({ default: () => null }));

describe('preloadRoutePage', () => {
  it('starts loading the page the address belongs to, params and all', () => {
    const load = loader();
    preloadRoutePage('/service/svc-1/menu', load);
    preloadRoutePage('/bookings', load);
    expect(load.mock.calls.map(([route]) => `${route.remote}/${route.module}`)).toEqual(['catalog/./PackageList', 'booking/./MyBookings']);
  });

  it('loads nothing for an address no page owns', () => {
    const load = loader();
    preloadRoutePage('/no/such/page', load);
    preloadRoutePage('/orders', load);
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the page (no unhandled rejection)', async () => {
    const load = jest.fn((_route: Pick<PageRoute, 'remote' | 'module'>) => Promise.reject(new Error('remote down')));
    expect(() => preloadRoutePage('/cart', load)).not.toThrow();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
