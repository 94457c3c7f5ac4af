import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { paddedPng, TINY_GIF, TINY_WEBP, tinyJpeg, tinyPng } from './support/images';
import { request, startTestServer, type TestServer } from './support/test-server';
import { freePort } from './support/free-port';
import { errorSaying } from './support/error-answers';

const MiB = 1024 * 1024;
const TOO_LARGE = errorSaying('The photo is too large. Choose an image of 5 MB or less.');
const NOT_AN_IMAGE = errorSaying('That file is not a supported image. Choose a JPEG, PNG or WebP photo.');
const UNREADABLE = errorSaying('That photo could not be read: it may be damaged. Choose another JPEG, PNG or WebP photo.');
const NOT_MULTIPART = errorSaying('Send the photo as multipart/form-data, in a field named "file".');
const NO_FILE = errorSaying('No photo received: send the image as a file in a form field named "file".');
const UNREADABLE_FORM = errorSaying('The upload could not be read: send the photo as multipart/form-data.');
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;
const PNG_SIGNATURE = tinyPng().subarray(0, 8);

let server: TestServer;
let uploadsDir: string;
let publicUrl: string;
let owner: TestUser;
let other: TestUser;


beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-uploads-'));
  const port = await freePort();
  publicUrl = `http://localhost:${port}`; // the default PUBLIC_API_URL shape
  [server, owner, other] = await Promise.all([
    // the quota has its own suite (uploads-hardening): here one user uploads a lot
    startTestServer({ PORT: port, PUBLIC_API_URL: publicUrl, UPLOADS_DIR: uploadsDir, UPLOAD_QUOTA_FILES: 1000, UPLOAD_QUOTA_BYTES: 1024 * MiB }),
    signInWithPhone(),
    signInWithPhone(),
  ]);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const uploadUrl = (uid: string) => `${server.url}/users/consumer/upload/${uid}`;

/** What the app's FormData sends: the image under `file`, with whatever name and type the browser gives it. */
function photoForm(bytes: Buffer, fileName = 'photo.png', type = 'image/png', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

async function upload(
  uid: string,
  body: FormData | string | Uint8Array | undefined,
  { token = owner.idToken, headers = {} }: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(uploadUrl(uid), {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const storedFiles = () => fs.readdirSync(uploadsDir).sort();
const rowsOf = (uid: string) => server.database.query('SELECT * FROM uploads WHERE uid = $1', [uid]);

describe('a photo is stored, recorded and served back', () => {
  test.each([
    ['PNG', tinyPng(), 'photo.png', 'image/png', 'png'],
    ['JPEG', tinyJpeg(), 'IMG_0042.JPG', 'image/jpeg', 'jpg'],
    ['WebP', TINY_WEBP, 'sticker.webp', 'image/webp', 'webp'],
    ['GIF', TINY_GIF, 'dot.gif', 'image/gif', 'gif'],
  ])('%s', async (_label, bytes, fileName, contentType, extension) => {
    const response = await upload(owner.uid, photoForm(bytes, fileName, contentType));
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['url']);
    const url = String(response.body.url);
    expect(url).toMatch(new RegExp(`^${publicUrl}/uploads/[0-9a-f]{32}\\.${extension}$`));

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('cache-control')).toBe('private, max-age=300');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const servedBytes = Buffer.from(await served.arrayBuffer());

    // what is stored and served is the photo re-encoded (without metadata): the same format and picture
    const fileNameStored = url.split('/').pop() ?? '';
    const stored = fs.readFileSync(path.join(uploadsDir, fileNameStored));
    expect(servedBytes.equals(stored)).toBe(true);
    expect(served.headers.get('content-length')).toBe(String(stored.length));
    const [before, after] = await Promise.all([sharp(bytes).metadata(), sharp(stored).metadata()]);
    expect([after.format, after.width, after.height]).toEqual([before.format, before.width, before.height]);
    if (extension === 'png' || extension === 'gif') {
      // lossless formats: the very same pixels
      const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();
      expect((await pixels(stored)).equals(await pixels(bytes))).toBe(true);
    }

    const [row] = await server.database.query<{ id: string; created_at: Date | string }>('SELECT * FROM uploads WHERE file_name = $1', [fileNameStored]);
    expect(row).toMatchObject({ uid: owner.uid, file_name: fileNameStored, content_type: contentType, byte_size: stored.length });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(new Date(row?.created_at ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
  });

  test('the type comes from the bytes, not from the file name or Content-Type', async () => {
    const response = await upload(owner.uid, photoForm(tinyJpeg(), 'photo.png', 'application/octet-stream'));
    expect(response.status).toBe(201);
    expect(String(response.body.url)).toMatch(/\.jpg$/);
    const served = await fetch(String(response.body.url));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  test('every upload gets a new random name; only finished files are in the folder', async () => {
    const first = await upload(owner.uid, photoForm(tinyPng()));
    const second = await upload(owner.uid, photoForm(tinyPng()));
    expect(first.body.url).not.toBe(second.body.url);
    for (const name of storedFiles()) expect(name).toMatch(STORED_NAME);
  });

  test('the url works as the profile photo of the onboarding form', async () => {
    const { body } = await upload(owner.uid, photoForm(tinyPng()));
    const profile = await request(`${server.url}/users/consumer/${owner.uid}`, {
      token: owner.idToken,
      json: { name: 'Asha', email: 'asha@example.in', age: 29, gender: 'female', phone: owner.phone, profilePhoto: body.url, skippedService: true },
    });
    expect(profile.status).toBe(201);
    expect(profile.body.profilePhoto).toBe(body.url);
  });

  test('a photo of exactly the limit is accepted (and its 5 MB comment is not kept)', async () => {
    const bytes = paddedPng(5 * MiB, 'the padding of a photo of exactly 5 MiB');
    expect(bytes.length).toBe(5 * MiB);
    const response = await upload(owner.uid, photoForm(bytes));
    expect(response.status).toBe(201);
    const served = Buffer.from(await (await fetch(String(response.body.url))).arrayBuffer());
    expect(served.length).toBeLessThan(1024);
    expect(served.includes('the padding of a photo')).toBe(false);
    expect((await sharp(served).metadata()).width).toBe(1);
  });

  test('a stored photo is never modified: its ETag is its name, and a revalidation gets a 304', async () => {
    const { body } = await upload(owner.uid, photoForm(tinyPng()));
    const url = String(body.url);
    const etag = `"${url.split('/').pop()}"`;
    const first = await fetch(url);
    expect(first.headers.get('etag')).toBe(etag);
    const again = await fetch(url, { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');
    expect(await again.text()).toBe('');
    const otherTag = await fetch(url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(otherTag.status).toBe(200);
  });

  test('HEAD gives the headers without the bytes', async () => {
    const { body } = await upload(owner.uid, photoForm(tinyPng()));
    const response = await fetch(String(body.url), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('');
  });
});

describe('rejected uploads store nothing', () => {
  let user: TestUser;
  let filesBefore: string[];
  beforeAll(async () => {
    user = await signInWithPhone();
  });
  beforeEach(() => {
    filesBefore = storedFiles();
  });
  afterEach(async () => {
    expect(storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(user.uid)).toEqual([]);
  });

  test('a text file named photo.png and sent as image/png is 415', async () => {
    const response = await upload(user.uid, photoForm(Buffer.from('definitely not a picture\n'), 'photo.png', 'image/png'), {
      token: user.idToken,
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(NOT_AN_IMAGE);
  });

  test.each([
    ['an SVG (it could carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an HTML page behind a PNG name', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a file shorter than any signature', Buffer.from([0x89, 0x50])],
    ['an empty file', Buffer.alloc(0)],
  ])('%s is 415', async (_label, bytes) => {
    const response = await upload(user.uid, photoForm(bytes), { token: user.idToken });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(NOT_AN_IMAGE);
  });

  test.each([
    ['a PNG signature followed by garbage', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2000, 7)])],
    ['a JPEG cut off after its header', tinyJpeg().subarray(0, 120)],
    ['a PNG whose bytes say GIF', Buffer.concat([Buffer.from('GIF89a', 'latin1'), tinyPng().subarray(6)])],
  ])('%s is 422: the decoder cannot read it', async (_label, bytes) => {
    const response = await upload(user.uid, photoForm(bytes), { token: user.idToken });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(UNREADABLE);
  });

  test('a large file that is not an image is 415 as soon as its first bytes are in', async () => {
    const response = await upload(user.uid, photoForm(Buffer.alloc(4 * MiB, 'a')), { token: user.idToken });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(NOT_AN_IMAGE);
  });

  test('5 MB + 1 byte (with a PNG header) is 413', async () => {
    const bytes = Buffer.alloc(5 * MiB + 1);
    PNG_SIGNATURE.copy(bytes);
    const response = await upload(user.uid, photoForm(bytes), { token: user.idToken });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  test('a form without the file field is 400', async () => {
    const form = new FormData();
    form.append('name', 'Asha');
    const response = await upload(user.uid, form, { token: user.idToken });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(NO_FILE);
  });

  test('an image under another field name is 400', async () => {
    const response = await upload(user.uid, photoForm(tinyPng(), 'photo.png', 'image/png', 'photo'), { token: user.idToken });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(NO_FILE);
  });

  test('`file` sent as a text field is 400', async () => {
    const form = new FormData();
    form.append('file', 'photo.png');
    const response = await upload(user.uid, form, { token: user.idToken });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(NO_FILE);
  });

  test.each<[string, string | undefined, Record<string, string>]>([
    ['JSON', JSON.stringify({ file: 'photo.png' }), { 'Content-Type': 'application/json' }],
    ['plain text', 'photo', { 'Content-Type': 'text/plain' }],
    ['raw image bytes', tinyPng().toString('latin1'), { 'Content-Type': 'image/png' }],
    ['no body', undefined, {}],
  ])('a body that is not multipart (%s) is 400', async (_label, body, headers) => {
    const response = await upload(user.uid, body, { token: user.idToken, headers });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(NOT_MULTIPART);
  });

  test.each<[string, string, string | Uint8Array]>([
    ['without a boundary', 'multipart/form-data', '--x\r\n'],
    [
      // a real photo's bytes (they pass the type check), then the body ends without the closing boundary
      'cut off in the middle of the file',
      'multipart/form-data; boundary=cut',
      new Uint8Array(
        Buffer.concat([
          Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
          tinyPng(),
        ]),
      ),
    ],
  ])('a malformed multipart body (%s) is 400', async (_label, contentType, body) => {
    const response = await upload(user.uid, body, { token: user.idToken, headers: { 'Content-Type': contentType } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(UNREADABLE_FORM);
  });

  test("uploading to another user's uid is 403", async () => {
    const response = await upload(user.uid, photoForm(tinyPng()), { token: other.idToken });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorSaying('You can only access your own account.'));
  });

  test('without a token it is 401', async () => {
    const response = await upload(user.uid, photoForm(tinyPng()), { token: null });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('Sign in required: send Authorization: Bearer <Firebase ID token>.'));
  });

  test('with a bad token it is 401, even for a large body', async () => {
    const response = await upload(user.uid, photoForm(Buffer.alloc(3 * MiB)), { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorSaying('Invalid ID token. Please sign in again.'));
  });
});

test('the server still answers after all those rejected uploads', async () => {
  const response = await upload(owner.uid, photoForm(tinyPng()));
  expect(response.status).toBe(201);
});

test('after answering early the API reads the rest of the upload, so the client can finish and reuse the connection', async () => {
  // one keep-alive connection: the second request can only go once the first one has been sent in full
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, urlPath: string, headers: Record<string, string | number> = {}, body?: Buffer) =>
    new Promise<{ status: number; text: string; socket: unknown }>((resolve, reject) => {
      const outgoing = http.request(`${server.url}${urlPath}`, { method, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, socket: outgoing.socket }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  try {
    const boundary = 'utsav-test-boundary';
    const file = Buffer.alloc(6 * MiB);
    PNG_SIGNATURE.copy(file);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const rejected = await send(
      'POST',
      `/users/consumer/upload/${owner.uid}`,
      { Authorization: `Bearer ${owner.idToken}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
      body,
    );
    expect(rejected.status).toBe(413);
    expect(JSON.parse(rejected.text)).toEqual(TOO_LARGE);

    const health = await send('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.socket).toBe(rejected.socket);
  } finally {
    agent.destroy();
  }
});

test('multipart is accepted only by the upload route: the profile route still answers 415', async () => {
  const response = await fetch(`${server.url}/users/consumer/${owner.uid}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.idToken}` },
    body: photoForm(tinyPng()),
  });
  expect(response.status).toBe(415);
  expect(await response.json()).toEqual(errorSaying('Unsupported Content-Type: send application/json'));
});

describe('GET /uploads/:fileName serves only stored names', () => {
  test.each([
    '/uploads/..%2F..%2Fpackage.json',
    '/uploads/..%2F..%2F..%2Fapi%2Fpackage.json',
    '/uploads/unknown.png',
    '/uploads/00000000000000000000000000000000.png', // the right shape, never uploaded
    '/uploads/%2Fetc%2Fpasswd',
    '/uploads/.hidden.tmp',
  ])('%s is 404', async (urlPath) => {
    const response = await request(`${server.url}${urlPath}`);
    expect(response.status).toBe(404);
    expect(typeof response.body.message).toBe('string');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('a file put in the folder by hand is not served (it has no uploads row)', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    fs.writeFileSync(path.join(uploadsDir, name), tinyPng());
    try {
      const response = await request(`${server.url}/uploads/${name}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(errorSaying('File not found'));
    } finally {
      fs.rmSync(path.join(uploadsDir, name));
    }
  });

  test('a recorded file that has gone from the folder is 404', async () => {
    const { body } = await upload(owner.uid, photoForm(tinyPng()));
    const name = String(body.url).split('/').pop() ?? '';
    fs.rmSync(path.join(uploadsDir, name));
    const response = await request(`${server.url}/uploads/${name}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorSaying('File not found'));
  });
});
