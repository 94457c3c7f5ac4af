import { originsOf, ruleFor, serviceWorkerUrl, settingsFromUrl, type RequestFacts } from '../src/service-worker/routing';

const HOST = 'http://localhost:3000';
const SETTINGS = {
  remoteOrigins: ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', 'http://localhost:3005'],
  apiUrl: 'http://localhost:4000',
};

const get = (url: string, more: Partial<RequestFacts> = {}): RequestFacts => ({ url: new URL(url, HOST), method: 'GET', mode: 'cors', ...more });
const rule = (url: string, more?: Partial<RequestFacts>) => ruleFor(get(url, more), HOST, SETTINGS);

describe("the service worker's rules", () => {
  it('pages (navigations) go to the network, with the cached shell only when it fails', () => {
    expect(rule('/', { mode: 'navigate' })).toBe('page');
    expect(rule('/bookings?tab=accepted', { mode: 'navigate' })).toBe('page');
    expect(rule('/login', { mode: 'navigate' })).toBe('page');
  });

  it("what says which files to load is asked for first, so a promote or a rollback reaches the next load", () => {
    expect(rule('/remotes.json')).toBe('fresh');
    expect(rule('/remote-integrity.json')).toBe('fresh');
    expect(rule('/config.json')).toBe('fresh');
    expect(rule('/manifest.webmanifest')).toBe('fresh');
    expect(rule('http://localhost:3002/1.0.0-3f2a9c1d0e7b/mf-manifest.json')).toBe('fresh');
    expect(rule('http://localhost:3001/mf-manifest.json')).toBe('fresh');
    // a remote served in place (no release store): its entry changes at its URL
    expect(rule('http://localhost:3001/remoteEntry.js')).toBe('fresh');
  });

  it("a remote release's files and content-hashed files never change: cache first", () => {
    expect(rule('http://localhost:3002/1.0.0-3f2a9c1d0e7b/remoteEntry.js')).toBe('immutable');
    expect(rule('http://localhost:3002/1.0.0-3f2a9c1d0e7b/__federation_expose_MyBookings.1a2b3c4d5e.js')).toBe('immutable');
    expect(rule('http://localhost:3003/1.0.0-3f2a9c1d0e7b/assets/logo.0123456789.png')).toBe('immutable');
    expect(rule('http://localhost:3001/577.0123abcdef.js')).toBe('immutable');
    // the host's chunks of another build than the one precached (a page from a newer host)
    expect(rule('/boot.8cc2f15a2b.js')).toBe('immutable');
  });

  it("the catalog's pictures on the host's origin never change at their address: cache first, in their own cache", () => {
    expect(rule('/media/services/0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a-480.avif')).toBe('picture');
    expect(rule('/media/services/0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a-240.webp', { mode: 'no-cors' })).toBe('picture');
    expect(rule('/media/services/0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a-480.avif', { method: 'HEAD' })).toBe('network');
    // the same path on another origin is not the host's picture
    expect(rule('http://localhost:3001/media/services/0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a-480.avif')).toBe('fresh');
    expect(rule('http://localhost:4000/media/services/0b6c4a7e-2f0d-4c1b-9a53-5e8f1d2c3b4a-480.avif')).toBe('network');
  });

  it('the API is never answered by the worker: its live stream, signed-in reads and writes', () => {
    expect(rule('http://localhost:4000/users/u1/events', { accept: 'text/event-stream' })).toBe('network');
    expect(rule('http://localhost:4000/users/u1/events')).toBe('network');
    expect(rule('http://localhost:4000/bookings/user/u1')).toBe('network');
    expect(rule('http://localhost:4000/media/photo.0123456789.jpg')).toBe('network');
    expect(rule('http://localhost:4000/bookings', { method: 'POST' })).toBe('network');
  });

  it('an API under a path of a shared origin is passed through; the rest of that origin is not', () => {
    const shared = { remoteOrigins: ['https://cdn.example'], apiUrl: 'https://cdn.example/api' };
    expect(ruleFor(get('https://cdn.example/api/bookings/user/u1'), 'https://app.example', shared)).toBe('network');
    expect(ruleFor(get('https://cdn.example/api'), 'https://app.example', shared)).toBe('network');
    expect(ruleFor(get('https://cdn.example/apix/1.0.0-abc/remoteEntry.js'), 'https://app.example', shared)).toBe('immutable');
  });

  it('anything else passes by: other origins, unhashed host files, writes, streams', () => {
    expect(rule('http://localhost:4010/v1/checkout.js')).toBe('network');
    expect(rule('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup')).toBe('network');
    expect(rule('/session', { method: 'POST' })).toBe('network');
    expect(rule('/health')).toBe('network');
    expect(rule('/main.js')).toBe('network');
    expect(rule('http://localhost:3002/1.0.0-3f2a9c1d0e7b/remoteEntry.js', { method: 'HEAD' })).toBe('network');
    expect(rule('/remotes.json', { accept: 'text/event-stream' })).toBe('network');
  });

  it("carries the deployment's settings in the worker's URL, in a stable order", () => {
    const url = serviceWorkerUrl({ remoteOrigins: ['http://localhost:3002', 'http://localhost:3001', 'http://localhost:3002'], apiUrl: 'http://localhost:4000' });
    expect(url).toBe('/sw.js?remotes=http%3A%2F%2Flocalhost%3A3001+http%3A%2F%2Flocalhost%3A3002&api=http%3A%2F%2Flocalhost%3A4000');
    expect(settingsFromUrl(new URL(url, HOST).href)).toEqual({ remoteOrigins: ['http://localhost:3001', 'http://localhost:3002'], apiUrl: 'http://localhost:4000' });
    expect(settingsFromUrl(`${HOST}/sw.js`)).toEqual({ remoteOrigins: [], apiUrl: '' });
  });

  it("takes the remotes' origins from their manifest URLs", () => {
    expect(originsOf(['http://localhost:3001/1.0.0-abc/mf-manifest.json', 'https://cdn.example/booking/mf-manifest.json', 'not a url'])).toEqual([
      'http://localhost:3001',
      'https://cdn.example',
    ]);
  });
});
