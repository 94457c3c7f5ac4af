import type { PageAddress, PageRoute } from '@utsav/contracts';
import { preloadRoutePage } from '../src/federation/preload-route-page';
import type { PageModule } from '../src/federation/load-page';

type Load = (route: Pick<PageRoute, 'remote' | 'module'>) => Promise<PageModule>;
const loader = (page: PageModule = { default: () => null }) => jest.fn<ReturnType<Load>, Parameters<Load>>(() => Promise.resolve(page));
let loadLayout: jest.Mock<Promise<unknown>, []>;
beforeEach(() => {
  loadLayout = jest.fn(() => Promise.resolve({}));
});
const at = (pathname: string, search = '') => ({ pathname, search });

describe('preloadRoutePage', () => {
  it('starts loading the page the address belongs to, params and all', () => {
    const load = loader();
    preloadRoutePage(at('/service/svc-1/menu'), { load, loadLayout });
    preloadRoutePage(at('/bookings'), { load, loadLayout });
    expect(load.mock.calls.map(([route]) => `${route.remote}/${route.module}`)).toEqual(['catalog/./PackageList', 'booking/./MyBookings']);
  });

  it("starts loading the signed-in layout for a guarded page only, not for the Login page's", () => {
    const load = loader();
    preloadRoutePage(at('/login'), { load, loadLayout });
    expect(loadLayout).not.toHaveBeenCalled();
    preloadRoutePage(at('/cart'), { load, loadLayout });
    expect(loadLayout).toHaveBeenCalledTimes(1);
  });

  it("then lets the page start its data calls, with the route's params and the query", async () => {
    const seen: PageAddress[] = [];
    const load = loader({ default: () => null, preload: (address) => void seen.push(address) });
    preloadRoutePage(at('/service/svc-1', '?from=search'), { load, loadLayout });
    await load.mock.results[0]!.value;
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.params).toEqual({ serviceId: 'svc-1' });
    expect(seen[0]!.search.get('from')).toBe('search');
  });

  it('loads nothing for an address no page owns', () => {
    const load = loader();
    preloadRoutePage(at('/no/such/page'), { load, loadLayout });
    preloadRoutePage(at('/orders'), { load, loadLayout });
    expect(load).not.toHaveBeenCalled();
    expect(loadLayout).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the page (no unhandled rejection)', async () => {
    const load = jest.fn<ReturnType<Load>, Parameters<Load>>(() => Promise.reject(new Error('remote down')));
    const failingLayout = jest.fn(() => Promise.reject(new Error('host chunk down')));
    expect(() => preloadRoutePage(at('/cart'), { load, loadLayout: failingLayout })).not.toThrow();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
