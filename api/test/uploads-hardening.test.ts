import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_UPLOAD_QUOTA_FILES, loadConfig } from '../src/config';
import { createUploadCleanup } from '../src/uploads/upload-cleanup';
import { createUploadRepository } from '../src/uploads/upload-repository';
import { createUploadStorage } from '../src/uploads/upload-storage';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { photoForm, tinyPng } from './support/images';
import { request, startTestServer, type TestServer } from './support/test-server';
import { errorSaying } from './support/error-answers';

const QUOTA_FILES = 3;
const quotaMessage = (bytes: string) =>
  `Upload limit reached: you can keep at most ${QUOTA_FILES} photos (${bytes}). Photos you do not use are removed 24 hours after upload; try again then.`;

/** A PNG of random pixels: it does not compress, so its stored size is about width × height × 3 bytes. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();

/** A JPEG as a phone takes it: stored sideways with an EXIF orientation, GPS position, camera owner and XMP. */
const phoneJpeg = () =>
  sharp({ create: { width: 60, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'owner-secret', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 5678/100' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="xmp-secret"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();

async function upload(server: TestServer, user: TestUser, bytes: Buffer, type = 'image/png') {
  const response = await fetch(`${server.url}/users/consumer/upload/${user.uid}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}` },
    body: photoForm(bytes, 'photo', type),
  });
  return { status: response.status, body: (await response.json()) as { url?: string; message?: string } };
}

const fileNameOf = (url: string) => url.split('/').pop() ?? '';
/** Upload urls are built on PUBLIC_API_URL (its default here): fetched from the test server itself. */
const served = (server: TestServer, url: string, init?: RequestInit) => fetch(`${server.url}/uploads/${fileNameOf(url)}`, init);
const rowCount = async (server: TestServer, uid: string) =>
  (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE uid = $1', [uid]))[0]?.n;

async function saveProfile(server: TestServer, user: TestUser, profilePhoto: string | null) {
  const saved = await request(`${server.url}/users/consumer/${user.uid}`, {
    token: user.idToken,
    json: { name: 'Asha Verma', email: 'asha@example.in', age: 30, gender: 'female', phone: user.phone, profilePhoto, skippedService: true },
  });
  expect([200, 201]).toContain(saved.status);
}

describe('one server: metadata, quota, cleanup, streaming', () => {
  let server: TestServer;
  let uploadsDir: string;
  let bigSize: number;

  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-uploads-hardening-'));
    // the byte quota holds two big photos and a few tiny ones, not three big ones
    const big = await createUploadStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-size-'))).saveImage(
      (async function* () {
        yield await noisePng(100, 100);
      })(),
      5 * 1024 * 1024,
    );
    bigSize = big.byteSize;
    server = await startTestServer({
      UPLOADS_DIR: uploadsDir,
      UPLOAD_QUOTA_FILES: QUOTA_FILES,
      UPLOAD_QUOTA_BYTES: 2 * bigSize + 1000,
      UPLOAD_CLEANUP_INTERVAL_MS: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  test('the defaults: 20 photos, 20 MiB, a day of grace, cleanup every hour', () => {
    const config = loadConfig({});
    expect(config.UPLOAD_QUOTA_FILES).toBe(DEFAULT_UPLOAD_QUOTA_FILES);
    expect([config.UPLOAD_QUOTA_FILES, config.UPLOAD_QUOTA_BYTES, config.UPLOAD_UNUSED_GRACE_MS, config.UPLOAD_CLEANUP_INTERVAL_MS]).toEqual([
      20,
      20 * 1024 * 1024,
      24 * 3_600_000,
      3_600_000,
    ]);
    expect(loadConfig({ UPLOAD_CLEANUP_INTERVAL_MS: '0' }).UPLOAD_CLEANUP_INTERVAL_MS).toBe(0);
    expect(() => loadConfig({ UPLOAD_QUOTA_FILES: '0' })).toThrow('UPLOAD_QUOTA_FILES must be a positive whole number, got "0"');
  });

  test('EXIF (GPS included) and XMP are gone from the stored photo, which is turned upright', async () => {
    const user = await signInWithPhone();
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    // the fixture really carries what must go
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes('owner-secret')).toBe(true);

    const response = await upload(server, user, original, 'image/jpeg');
    expect(response.status).toBe(201);
    const photo = Buffer.from(await (await served(server, String(response.body.url))).arrayBuffer());
    const after = await sharp(photo).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // 60×30 stored sideways (orientation 6): upright it is 30 wide and 60 high
    expect([after.width, after.height]).toEqual([30, 60]);
    for (const secret of ['owner-secret', 'PhoneMaker', 'xmp-secret', 'Exif']) expect([secret, photo.includes(secret)]).toEqual([secret, false]);
  });

  describe('quota', () => {
    test(`a user keeps at most ${QUOTA_FILES} photos: the next is 429, nothing stored, the others still served`, async () => {
      const user = await signInWithPhone();
      const urls: string[] = [];
      for (let i = 0; i < QUOTA_FILES; i++) {
        const response = await upload(server, user, tinyPng([i, 0, 0]));
        expect(response.status).toBe(201);
        urls.push(String(response.body.url));
      }
      const filesBefore = fs.readdirSync(uploadsDir).sort();
      const refused = await upload(server, user, tinyPng());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(errorSaying(quotaMessage(`${Number(((2 * bigSize + 1000) / 1024 / 1024).toFixed(1))} MB`)));
      expect(fs.readdirSync(uploadsDir).sort()).toEqual(filesBefore);
      expect(await rowCount(server, user.uid)).toBe(QUOTA_FILES);
      for (const url of urls) expect((await served(server, url)).status).toBe(200);

      // a full quota is refused before the photo is read: a big non-image gets the 429, not a 415
      const big = await fetch(`${server.url}/users/consumer/upload/${user.uid}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.idToken}` },
        body: photoForm(Buffer.alloc(4 * 1024 * 1024, 'a')),
      });
      expect(big.status).toBe(429);

      // other users are not affected
      const other = await signInWithPhone();
      expect((await upload(server, other, tinyPng())).status).toBe(201);
    });

    test('the bytes count too: a photo that would pass the byte quota is 429 and not kept', async () => {
      const user = await signInWithPhone();
      expect((await upload(server, user, await noisePng(100, 100))).status).toBe(201);
      expect((await upload(server, user, await noisePng(100, 100))).status).toBe(201);
      const filesBefore = fs.readdirSync(uploadsDir).sort();
      const refused = await upload(server, user, await noisePng(100, 100));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Upload limit reached/);
      expect(fs.readdirSync(uploadsDir).sort()).toEqual(filesBefore);
      expect(await rowCount(server, user.uid)).toBe(2);
      // a tiny one still fits in what is left
      expect((await upload(server, user, tinyPng())).status).toBe(201);
    });

    test('uploads sent at once cannot squeeze past the quota together', async () => {
      const user = await signInWithPhone();
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(server, user, tinyPng([0, i, 0]))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
      expect(await rowCount(server, user.uid)).toBe(QUOTA_FILES);
      const stored = answers.filter((answer) => answer.status === 201).map((answer) => fileNameOf(String(answer.body.url)));
      for (const name of stored) expect(fs.existsSync(path.join(uploadsDir, name))).toBe(true);
    });
  });

  describe('cleanup of unused uploads', () => {
    const HOUR = 3_600_000;
    const cleanupAt = (now: number, graceMs = 24 * HOUR) =>
      createUploadCleanup({
        uploads: createUploadRepository(server.database),
        storage: createUploadStorage(uploadsDir),
        graceMs,
        log: server.app.log,
        now: () => now,
      });

    test('an upload no profile uses is deleted once older than the grace period; the profile photo stays', async () => {
      const user = await signInWithPhone();
      const used = String((await upload(server, user, tinyPng([1, 2, 3]))).body.url);
      const unused = String((await upload(server, user, tinyPng([4, 5, 6]))).body.url);
      await saveProfile(server, user, used);

      // within the grace period nothing goes
      await cleanupAt(Date.now() + 23 * HOUR).deleteUnused();
      expect((await served(server, unused)).status).toBe(200);

      await cleanupAt(Date.now() + 25 * HOUR).deleteUnused();
      expect((await served(server, unused)).status).toBe(404);
      expect(fs.existsSync(path.join(uploadsDir, fileNameOf(unused)))).toBe(false);
      const stillServed = await served(server, used);
      expect(stillServed.status).toBe(200);
      expect(fs.existsSync(path.join(uploadsDir, fileNameOf(used)))).toBe(true);
      expect(await rowCount(server, user.uid)).toBe(1);
    });

    test("someone else's profile using the url keeps it too; replaced photos go", async () => {
      const [owner, other] = await Promise.all([signInWithPhone(), signInWithPhone()]);
      const first = String((await upload(server, owner, tinyPng([7, 7, 7]))).body.url);
      await saveProfile(server, owner, first);
      const second = String((await upload(server, owner, tinyPng([8, 8, 8]))).body.url);
      await saveProfile(server, owner, second); // the first is no longer the owner's photo…
      await saveProfile(server, other, first); // …but the other profile shows it

      await cleanupAt(Date.now() + 25 * HOUR).deleteUnused();
      expect((await served(server, first)).status).toBe(200);
      expect((await served(server, second)).status).toBe(200);

      await saveProfile(server, other, null);
      await cleanupAt(Date.now() + 25 * HOUR).deleteUnused();
      expect((await served(server, first)).status).toBe(404);
      expect((await served(server, second)).status).toBe(200);
    });

    test('a cleaned-up upload frees its place in the quota', async () => {
      const user = await signInWithPhone();
      for (let i = 0; i < QUOTA_FILES; i++) expect((await upload(server, user, tinyPng([9, i, 9]))).status).toBe(201);
      expect((await upload(server, user, tinyPng())).status).toBe(429);
      await cleanupAt(Date.now() + 25 * HOUR).deleteUnused();
      expect(await rowCount(server, user.uid)).toBe(0);
      expect((await upload(server, user, tinyPng())).status).toBe(201);
    });
  });
});

describe('the API runs the cleanup on its own, and closes while files are being sent', () => {
  let server: TestServer;
  let uploadsDir: string;
  let closed = false;

  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-uploads-job-'));
    // every 100 ms, for uploads unused for 3 s (long enough to set the profile in between)
    server = await startTestServer({ UPLOADS_DIR: uploadsDir, UPLOAD_CLEANUP_INTERVAL_MS: 100, UPLOAD_UNUSED_GRACE_MS: 3000 });
  });
  afterAll(async () => {
    if (!closed) await server.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  test('two photos uploaded, one set as the profile photo: after the grace period the other is gone', async () => {
    const user = await signInWithPhone();
    const used = String((await upload(server, user, tinyPng([10, 20, 30]))).body.url);
    await saveProfile(server, user, used);
    const unused = String((await upload(server, user, tinyPng([30, 20, 10]))).body.url);
    expect((await served(server, unused)).status).toBe(200);

    const deadline = Date.now() + 15_000;
    const unusedFile = path.join(uploadsDir, fileNameOf(unused));
    // the cleanup forgets the row first, then deletes the file: wait for both
    while ((await served(server, unused)).status !== 404 || fs.existsSync(unusedFile)) {
      if (Date.now() > deadline) throw new Error('the unused upload was not cleaned up within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fs.existsSync(unusedFile)).toBe(false);
    expect((await served(server, used)).status).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir, fileNameOf(used)))).toBe(true);
  }, 30_000);

  test('a big photo is streamed with its Content-Length; HEAD, an abandoned download and a stalled reader do not hold up close', async () => {
    const user = await signInWithPhone();
    // about 5 MB: more than loopback's socket buffers take, so a reader that stops leaves the server mid-file
    const photo = await noisePng(1300, 1300);
    const { status, body } = await upload(server, user, photo);
    expect(status).toBe(201);
    const url = String(body.url);
    await saveProfile(server, user, url);
    const stored = fs.readFileSync(path.join(uploadsDir, fileNameOf(url)));
    expect(stored.length).toBeGreaterThan(4.5 * 1024 * 1024);

    const whole = await served(server, url);
    expect(whole.headers.get('content-length')).toBe(String(stored.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);

    const head = await served(server, url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(stored.length));

    // abandoned after the first bytes
    const abandoned = new AbortController();
    const partial = await served(server, url, { signal: abandoned.signal });
    await partial.body?.getReader().read();
    abandoned.abort();

    // a reader that takes the headers and then stops reading: the server is left with most of the file to send
    const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${server.url}/uploads/${fileNameOf(url)}`, resolve).on('error', reject);
    });
    stalled.pause();
    stalled.on('error', () => undefined);
    stalled.socket.on('error', () => undefined);

    const started = Date.now();
    closed = true;
    await server.close();
    expect(Date.now() - started).toBeLessThan(5000);
    // closed without waiting for the reader: its download was cut short
    expect(stalled.complete).toBe(false);
  }, 30_000);
});
