import type { Bucket } from '@google-cloud/storage';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { BUCKET_PREFIX, firebaseStorageBucket } from '../src/uploads/bucket-file-store';
import { createUploadStorage, type UploadStorage, type UploadStorageSettings } from '../src/uploads/upload-storage';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { paddedPng, photoForm, tinyJpeg, tinyPng } from './support/images';
import { startStorageEmulator, type StorageEmulator } from './support/storage-emulator';
import { request, startTestServer, type TestServer } from './support/test-server';

// Uploaded photos in a Cloud Storage bucket through Firebase Storage (UPLOADS_BUCKET), against the real Firebase
// Storage emulator of firebase-tools, started for this file.

const BUCKET = 'utsav-test-uploads';
const MiB = 1024 * 1024;
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;
const COMMENT = 'taken at 12.9716 N, 77.5946 E';

let emulator: StorageEmulator;
let settings: UploadStorageSettings;
/** The same bucket, to look at the objects themselves */
let bucket: Bucket;
let unusedDir: string;

beforeAll(async () => {
  emulator = await startStorageEmulator();
  // must stay empty: with a bucket configured nothing goes to the folder
  unusedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-bucket-uploads-'));
  settings = { UPLOADS_DIR: unusedDir, UPLOADS_BUCKET: BUCKET, FIREBASE_PROJECT_ID: 'demo-utsav', FIREBASE_STORAGE_EMULATOR_HOST: emulator.host };
  bucket = firebaseStorageBucket(BUCKET, settings);
}, 90_000);
afterAll(async () => {
  await emulator?.stop();
  if (unusedDir) fs.rmSync(unusedDir, { recursive: true, force: true });
});

async function* chunksOf(bytes: Buffer, size = 1000): AsyncIterable<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const objectOf = (fileName: string) => bucket.file(`${BUCKET_PREFIX}${fileName}`);
const exists = async (fileName: string) => (await objectOf(fileName).exists())[0];
const objectNames = async () => (await bucket.getFiles({ prefix: BUCKET_PREFIX }))[0].map((file) => file.name).sort();
const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

describe('the bucket storage itself', () => {
  let storage: UploadStorage;
  beforeAll(() => {
    storage = createUploadStorage(settings);
  });

  test('saves a photo re-encoded as uploads/<name> with its content type, opens it, removes it (twice)', async () => {
    const original = paddedPng(20_000, COMMENT);
    const saved = await storage.saveImage(chunksOf(original), 5 * MiB);
    expect(saved.fileName).toMatch(STORED_NAME);
    expect(saved.fileName.endsWith('.png')).toBe(true);
    expect(saved.contentType).toBe('image/png');

    const [metadata] = await objectOf(saved.fileName).getMetadata();
    expect(metadata).toMatchObject({ name: `uploads/${saved.fileName}`, contentType: 'image/png', size: String(saved.byteSize) });

    const opened = await storage.open(saved.fileName);
    if (!opened) throw new Error('the saved photo did not open');
    const bytes = await readAll(opened.stream);
    expect(opened.byteSize).toBe(saved.byteSize);
    expect(bytes.length).toBe(saved.byteSize);
    // re-encoded: the padding and its comment are gone, the picture is the same
    expect(saved.byteSize).toBeLessThan(original.length);
    expect(bytes.includes(Buffer.from(COMMENT))).toBe(false);
    expect((await pixels(bytes)).equals(await pixels(tinyPng()))).toBe(true);
    expect(bytes.equals((await objectOf(saved.fileName).download())[0])).toBe(true);

    await storage.remove(saved.fileName);
    expect(await exists(saved.fileName)).toBe(false);
    expect(await storage.open(saved.fileName)).toBeNull();
    await expect(storage.remove(saved.fileName)).resolves.toBeUndefined();
    expect(fs.readdirSync(unusedDir)).toEqual([]);
  });

  test('a JPEG keeps its type', async () => {
    const saved = await storage.saveImage(chunksOf(tinyJpeg(), 64), 5 * MiB);
    expect(saved).toMatchObject({ fileName: expect.stringMatching(/\.jpg$/), contentType: 'image/jpeg' });
    expect((await objectOf(saved.fileName).getMetadata())[0].contentType).toBe('image/jpeg');
    await storage.remove(saved.fileName);
  });

  test('too large: 413; not an image: 415; nothing is stored', async () => {
    const before = await objectNames();
    await expect(storage.saveImage(chunksOf(paddedPng(10_000)), 9_999)).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringContaining('The photo is too large.'),
    });
    await expect(storage.saveImage(chunksOf(Buffer.from('%PDF-1.7 not a photo at all')), 5 * MiB)).rejects.toMatchObject({
      statusCode: 415,
      message: 'That file is not a supported image. Choose a JPEG, PNG or WebP photo.',
    });
    await expect(storage.saveImage(chunksOf(Buffer.alloc(0)), 5 * MiB)).rejects.toMatchObject({ statusCode: 415 });
    expect(await objectNames()).toEqual(before);
  });

  test('a foreign or missing name opens as null, and removing it does nothing', async () => {
    // an object with a stored name, but outside uploads/: not ours to serve or delete
    const outside = `${'a'.repeat(32)}.png`;
    await bucket.file(`elsewhere/${outside}`).save(tinyPng(), { contentType: 'image/png', resumable: false });
    for (const name of [outside, `${'b'.repeat(32)}.png`, '../elsewhere/x.png', `${'a'.repeat(32)}.exe`, 'uploads', '']) {
      expect(await storage.open(name)).toBeNull();
      await expect(storage.remove(name)).resolves.toBeUndefined();
    }
    expect((await bucket.file(`elsewhere/${outside}`).exists())[0]).toBe(true);
  });

  test('a photo opened before it is deleted is still sent whole', async () => {
    const saved = await storage.saveImage(chunksOf(tinyPng()), 5 * MiB);
    const opened = await storage.open(saved.fileName);
    if (!opened) throw new Error('the saved photo did not open');
    await storage.remove(saved.fileName);
    expect((await readAll(opened.stream)).length).toBe(saved.byteSize);
  });
});

describe('the API with UPLOADS_BUCKET set', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    [server, user] = await Promise.all([
      startTestServer({ UPLOADS_DIR: unusedDir, UPLOADS_BUCKET: BUCKET, FIREBASE_STORAGE_EMULATOR_HOST: emulator.host }),
      signInWithPhone(),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function uploadProfilePhoto(bytes: Buffer): Promise<string> {
    const response = await fetch(`${server.url}/users/consumer/upload/${user.uid}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.idToken}` },
      body: photoForm(bytes),
    });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    return url;
  }

  test('a profile photo goes to the bucket and is served from it; deleting the account deletes it', async () => {
    const url = await uploadProfilePhoto(paddedPng(8_000, COMMENT));
    const fileName = path.basename(new URL(url).pathname);
    expect(fileName).toMatch(STORED_NAME);
    const [stored] = await objectOf(fileName).download();
    expect((await objectOf(fileName).getMetadata())[0].contentType).toBe('image/png');
    expect(fs.readdirSync(unusedDir)).toEqual([]);

    const served = await fetch(`${server.url}/uploads/${fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(stored.length));
    expect(served.headers.get('cache-control')).toBe('private, max-age=300');
    const servedBytes = Buffer.from(await served.arrayBuffer());
    expect(servedBytes.equals(stored)).toBe(true);
    expect(servedBytes.includes(Buffer.from(COMMENT))).toBe(false);

    const deleted = await request(`${server.url}/users/consumer/${user.uid}`, { method: 'DELETE', token: user.idToken });
    expect(deleted.status).toBe(204);
    expect(await exists(fileName)).toBe(false);
    expect((await fetch(`${server.url}/uploads/${fileName}`)).status).toBe(404);
  });
});
