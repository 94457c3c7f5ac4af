import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance } from '@module-federation/enhanced/runtime';
import integrityPlugin, { noteIntegrity } from '../src/federation/integrity-plugin';
import remoteFallbackPlugin from '../src/federation/remote-fallback-plugin';
import { NO_FILE_DIGEST } from '../src/federation/integrity';
import type { PageModule } from '../src/federation/load-page';

// The browser runs a remote's code only when it is the released code: the manifest is fetched and the
// entry script loaded with the digests of the release's record (/remote-integrity.json), and the
// browser itself refuses other bytes; a refused remote fails as one that is down does.
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const manifest = JSON.stringify({
  id: 'catalog',
  name: 'catalog',
  metaData: { name: 'catalog', globalName: 'catalog', type: 'app', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, types: { name: '', path: '' }, buildInfo: { buildVersion: '1.0.0' } },
  shared: [],
  remotes: [],
  exposes: [{ id: 'catalog:Home', name: 'Home', path: './Home', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
});
const entry = 'var catalog = {};';

/** What the release store serves: each file at its path, the manifest as `served` says (the released one, or other bytes). */
let served = manifest;
const server = http.createServer((request, response) => {
  const files: Record<string, string> = { '/1.0.0-aaaaaaaaaaaa/mf-manifest.json': served, '/1.0.0-aaaaaaaaaaaa/remoteEntry.js': entry };
  const body = files[request.url ?? ''];
  response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  response.end(body ?? 'Not found');
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.0.0-aaaaaaaaaaaa/`;
  noteIntegrity({ catalog: { base, digests: { 'mf-manifest.json': sha256(manifest), 'remoteEntry.js': sha256(entry) } } });
  noteIntegrity({ booking: { base: 'http://127.0.0.1:9/1.0.0-bbbbbbbbbbbb/', digests: {}, refused: true } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  served = manifest;
});

const plugin = integrityPlugin();
const createScript = (url: string) => plugin.createScript!({ url }) as HTMLScriptElement | undefined;

describe("a release's entry script", () => {
  it('carries the digest of its release record, and is loaded in CORS mode (what Subresource Integrity needs)', () => {
    const script = createScript(`${base}remoteEntry.js`)!;
    expect(script.src).toBe(`${base}remoteEntry.js`);
    expect(script.getAttribute('integrity')).toBe(sha256(entry));
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('is refused when its record does not list it, or the release is refused (a digest no file has)', () => {
    noteIntegrity({ checkout: { base: `${base.replace('aaaaaaaaaaaa', 'cccccccccccc')}`, digests: { 'mf-manifest.json': sha256(manifest) } } });
    expect(createScript(`${base.replace('aaaaaaaaaaaa', 'cccccccccccc')}remoteEntry.js`)!.getAttribute('integrity')).toBe(NO_FILE_DIGEST);
    expect(createScript('http://127.0.0.1:9/1.0.0-bbbbbbbbbbbb/remoteEntry.js')!.getAttribute('integrity')).toBe(NO_FILE_DIGEST);
    expect(createScript('http://127.0.0.1:9/1.0.0-bbbbbbbbbbbb/1234.abcdef.js')!.getAttribute('integrity')).toBe(NO_FILE_DIGEST);
  });

  it("a page's chunk, which the browser's record does not cover, is left to the runtime (the runtime makes its script on Retry too)", () => {
    expect(createScript(`${base}__federation_expose_Home.0123456789.js`)).toBeUndefined();
    expect(createScript(`${base}1234.abcdef.js`)).toBeUndefined();
  });

  it('of a remote served outside the release store (a dev server) is left to the runtime', () => {
    expect(createScript('http://localhost:3001/remoteEntry.js')).toBeUndefined();
    expect(plugin.fetch!('http://localhost:3001/mf-manifest.json', {})).toBeUndefined();
  });
});

describe("a release's manifest", () => {
  it('is fetched with its digest: the released bytes load', async () => {
    const response = await plugin.fetch!(`${base}mf-manifest.json`, {});
    expect(await (response as Response).json()).toMatchObject({ name: 'catalog' });
  });

  it('with other bytes is refused by the fetch itself', async () => {
    served = manifest.replace('./Home', './Phish');
    await expect(plugin.fetch!(`${base}mf-manifest.json`, {}) as Promise<Response>).rejects.toThrow();
  });

  it('tampered: the federation runtime gets the remote-down page for it at once, as for a remote that is down', async () => {
    // other bytes that would load as well as the released ones: only the digest tells them apart
    served = `${manifest}\n`;
    const federation = createInstance({
      name: 'host-integrity-test',
      remotes: [{ name: 'catalog', entry: `${base}mf-manifest.json` }],
      plugins: [remoteFallbackPlugin(), integrityPlugin()],
      shareStrategy: 'loaded-first',
    });
    const page = await federation.loadRemote<PageModule>('catalog/Home');
    expect(page?.remoteUnavailable?.remote).toBe('catalog');
    expect(() => (page!.default as () => unknown)()).toThrow('The catalog part of Utsav could not be loaded.');
    expect(String(page!.remoteUnavailable!.cause)).toContain(`${base}mf-manifest.json`);
  });

  it('of a refused release is not fetched at all', async () => {
    await expect(plugin.fetch!('http://127.0.0.1:9/1.0.0-bbbbbbbbbbbb/mf-manifest.json', {}) as Promise<Response>).rejects.toThrow(
      'is not a file of a release this host accepts',
    );
  });
});
