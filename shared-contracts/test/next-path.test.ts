import fc from 'fast-check';
import { paths, safeNextPath } from '../src/domain/routes';

describe('safeNextPath: only same-origin app paths survive as ?next=', () => {
  it.each([
    '/',
    '/services',
    '/service/s1',
    '/service/s1/menu/details/m2',
    '/service/slots?serviceId=s1&package=m2',
    '/bookings/order_summary?bid=b9',
    '/services?q=mehendi%20artist&category=Makeup',
    '/account?tab=settings#notifications',
    '/terms',
  ])('accepts the app path %s as it is', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it('normalises what the browser would: dot segments, unencoded characters', () => {
    expect(safeNextPath('/service/../services')).toBe('/services');
    expect(safeNextPath('/service/%2e%2e/cart')).toBe('/cart');
    expect(safeNextPath('/services?q=a b')).toBe('/services?q=a%20b');
    expect(safeNextPath('/service/ऋ')).toBe('/service/%E0%A4%8B');
  });

  it.each([
    ['another site, protocol-relative', '//evil.example'],
    ['another site, protocol-relative with a path', '//evil.example/service/s1'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a backslash later in the path', '/service/\\evil'],
    ['a scheme', 'https://evil.example'],
    ['a scheme without slashes', 'https:evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'services'],
    ['a dot path', './services'],
    ['a query only', '?next=/'],
    ['empty', ''],
    ['a tab before the slashes', '/\t/evil.example'],
    ['a newline before the slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['NUL', '/services\u0000'],
    ['DEL', '/\u007f/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    ['a leading space', ' /services'],
    ['dot segments that climb to a second slash', '/.//evil.example'],
    ['encoded dots that climb to a second slash', '/%2e//evil.example'],
    ['the sign-in page', '/login'],
    ['the sign-in page with its own next', '/login?next=%2Fservices'],
    ['the sign-in page in capitals', '/LOGIN'],
    ['the sign-in page with a trailing slash', '/login/'],
    ['the sign-in page through dot segments', '/services/../login'],
    ['onboarding', '/onboarding?next=%2F'],
    ['too long', `/services?q=${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it.each([null, undefined, 42, ['/services'], { toString: () => '/services' }])('refuses a non-string %p', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('keeps encoded slashes inside a segment as they are (a same-origin path, not a host)', () => {
    expect(safeNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeNextPath('/%5Cevil.example')).toBe('/%5Cevil.example');
  });
});

describe('safeNextPath, properties', () => {
  const RUNS = { numRuns: 1000 };
  const ORIGIN = 'https://app.utsav.test';

  it('whatever it is given, it returns null or a path that stays on the origin it is opened from', () => {
    const tricky = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc
        .tuple(
          fc.constantFrom('/', '//', '/\\', '\\', '/./', '/%2e/', '/..//', 'http:', 'javascript:', '/\t/', ' /', '/%2F'),
          fc.string({ unit: 'binary', maxLength: 30 }),
        )
        .map(([head, tail]) => head + tail),
    );
    fc.assert(
      fc.property(tricky, (raw) => {
        const path = safeNextPath(raw);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        // eslint-disable-next-line no-control-regex
        expect(path).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
        const url = new URL(path, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname.toLowerCase().replace(/\/+$/, '')).not.toMatch(/^\/(login|onboarding)$/);
        // the result is already a fixed point: validating it again changes nothing
        expect(safeNextPath(path)).toBe(path);
      }),
      RUNS,
    );
  });

  it('every link the app builds to a page survives unchanged', () => {
    const id = fc.string({ minLength: 1, maxLength: 20 }).filter((value) => value !== '.' && value !== '..');
    fc.assert(
      fc.property(id, id, fc.string({ maxLength: 20 }), (serviceId, menuId, q) => {
        for (const path of [
          paths.serviceDetail(serviceId),
          paths.packageList(serviceId),
          paths.packageDetail(serviceId, menuId),
          paths.slots(serviceId, menuId),
          paths.orderSummary(menuId),
          paths.search({ q }),
        ]) {
          expect(safeNextPath(path)).toBe(path);
        }
      }),
      RUNS,
    );
  });

  it('nothing that names a scheme or another host is accepted', () => {
    const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,10}$/);
    fc.assert(
      fc.property(scheme, fc.string({ maxLength: 30 }), (name, rest) => {
        expect(safeNextPath(`${name}:${rest}`)).toBeNull();
        expect(safeNextPath(`//${name}${rest}`)).toBeNull();
      }),
      RUNS,
    );
  });
});

describe('paths.login / paths.onboarding', () => {
  it('carry next as an encoded query parameter, and none for Home', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login({ next: '/' })).toBe('/login');
    expect(paths.login({ next: '/service/s1?tab=reviews' })).toBe('/login?next=%2Fservice%2Fs1%3Ftab%3Dreviews');
    expect(paths.onboarding({ next: '/cart' })).toBe('/onboarding?next=%2Fcart');
    expect(new URLSearchParams(paths.login({ next: '/a?b=c&d=e' }).split('?')[1]).get('next')).toBe('/a?b=c&d=e');
  });
});
