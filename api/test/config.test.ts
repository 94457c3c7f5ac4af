import path from 'node:path';
import { loadConfig, RAZORPAY_LOCAL } from '../src/config';

const repoRoot = path.resolve(__dirname, '..', '..');

test('defaults suit local development', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    PORT: 4000,
    HOST: '127.0.0.1',
    DATABASE_URL: undefined,
    DATA_DIR: path.join(repoRoot, '.data'),
    FIREBASE_PROJECT_ID: 'demo-utsav',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    BODY_LIMIT_BYTES: 1024 * 1024,
    UPLOADS_DIR: path.join(repoRoot, '.data', 'uploads'),
    UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024,
    PUBLIC_API_URL: 'http://localhost:4000',
    PAYMENT_SANDBOX_PORT: 4010,
    PROVIDER_AUTO_ACCEPT_MS: undefined,
    RAZORPAY_KEY_ID: 'rzp_test_utsav_local',
    RAZORPAY_API_URL: 'http://127.0.0.1:4010',
    RAZORPAY_CHECKOUT_URL: 'http://localhost:4010/v1/checkout.js',
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4000/payment/webhook',
    PAYMENT_WEBHOOK_DELAY_MS: 0,
  });
  expect(config.RAZORPAY_KEY_SECRET).toBe(RAZORPAY_LOCAL.KEY_SECRET);
  expect(config.RAZORPAY_WEBHOOK_SECRET).toBe(RAZORPAY_LOCAL.WEBHOOK_SECRET);
  expect(config.APP_ORIGINS).toHaveLength(10);
  expect(config.APP_ORIGINS).toEqual(
    expect.arrayContaining(['http://localhost:3000', 'http://localhost:3004', 'http://127.0.0.1:3002']),
  );
});

test('reads the environment', () => {
  const config = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://db/utsav',
    DATA_DIR: '/var/lib/utsav',
    APP_ORIGINS: ' https://utsav.example , https://www.utsav.example ',
    FIREBASE_PROJECT_ID: 'utsav-prod',
    FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199',
    BODY_LIMIT_BYTES: '2048',
    UPLOADS_DIR: '/srv/utsav-photos',
    UPLOAD_LIMIT_BYTES: '1000000',
    PUBLIC_API_URL: 'https://api.utsav.example/v1/',
  });
  expect(config).toMatchObject({
    PORT: 8080,
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://db/utsav',
    DATA_DIR: '/var/lib/utsav',
    APP_ORIGINS: ['https://utsav.example', 'https://www.utsav.example'],
    FIREBASE_PROJECT_ID: 'utsav-prod',
    FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199',
    BODY_LIMIT_BYTES: 2048,
    UPLOADS_DIR: '/srv/utsav-photos',
    UPLOAD_LIMIT_BYTES: 1_000_000,
    PUBLIC_API_URL: 'https://api.utsav.example/v1',
  });
});

test('uploads follow DATA_DIR and the public address follows PORT unless set', () => {
  const config = loadConfig({ DATA_DIR: '/var/lib/utsav', PORT: '8080' });
  expect(config.UPLOADS_DIR).toBe('/var/lib/utsav/uploads');
  expect(config.PUBLIC_API_URL).toBe('http://localhost:8080');
});

test('PUBLIC_API_URL must be an http(s) address', () => {
  expect(() => loadConfig({ PUBLIC_API_URL: 'api.utsav.example' })).toThrow('PUBLIC_API_URL must be an http(s) address');
  expect(() => loadConfig({ PUBLIC_API_URL: 'ftp://api.utsav.example' })).toThrow('PUBLIC_API_URL must be an http(s) address');
  expect(() => loadConfig({ PUBLIC_API_URL: 'https://api.utsav.example/?x=1' })).toThrow('PUBLIC_API_URL must not have a query');
});

test('service-account credentials turn the emulator default off; an empty value forces it off', () => {
  expect(loadConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
});

test('rejects nonsense numbers instead of starting on a wrong port', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a port number');
  expect(() => loadConfig({ BODY_LIMIT_BYTES: '-1' })).toThrow('BODY_LIMIT_BYTES must be a positive whole number');
  expect(() => loadConfig({ UPLOAD_LIMIT_BYTES: '5MB' })).toThrow('UPLOAD_LIMIT_BYTES must be a positive whole number');
});

test('PROVIDER_AUTO_ACCEPT_MS: off unless a positive number of milliseconds', () => {
  expect(loadConfig({ PROVIDER_AUTO_ACCEPT_MS: '5000' }).PROVIDER_AUTO_ACCEPT_MS).toBe(5000);
  expect(loadConfig({ PROVIDER_AUTO_ACCEPT_MS: ' 200 ' }).PROVIDER_AUTO_ACCEPT_MS).toBe(200);
  expect(loadConfig({ PROVIDER_AUTO_ACCEPT_MS: '' }).PROVIDER_AUTO_ACCEPT_MS).toBeUndefined();
  expect(loadConfig({ PROVIDER_AUTO_ACCEPT_MS: '0' }).PROVIDER_AUTO_ACCEPT_MS).toBeUndefined();
  expect(() => loadConfig({ PROVIDER_AUTO_ACCEPT_MS: '5s' })).toThrow('PROVIDER_AUTO_ACCEPT_MS must be a positive whole number of milliseconds');
  expect(() => loadConfig({ PROVIDER_AUTO_ACCEPT_MS: '-5' })).toThrow('PROVIDER_AUTO_ACCEPT_MS must be a positive whole number');
});

test('Razorpay: real keys and URLs from the environment; the sandbox port moves the local defaults', () => {
  expect(
    loadConfig({
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'secret-1',
      RAZORPAY_WEBHOOK_SECRET: 'secret-2',
      RAZORPAY_API_URL: 'https://api.razorpay.com/',
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4111/payment/webhook',
      PAYMENT_WEBHOOK_DELAY_MS: '2500',
    }),
  ).toMatchObject({
    RAZORPAY_KEY_ID: 'rzp_live_abc',
    RAZORPAY_KEY_SECRET: 'secret-1',
    RAZORPAY_WEBHOOK_SECRET: 'secret-2',
    RAZORPAY_API_URL: 'https://api.razorpay.com',
    RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4111/payment/webhook',
    PAYMENT_WEBHOOK_DELAY_MS: 2500,
  });
  expect(loadConfig({ PAYMENT_SANDBOX_PORT: '4110' })).toMatchObject({
    RAZORPAY_API_URL: 'http://127.0.0.1:4110',
    RAZORPAY_CHECKOUT_URL: 'http://localhost:4110/v1/checkout.js',
  });
});

test('Razorpay: a key other than the sandbox’s needs its own secrets (the local ones are public)', () => {
  expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_abc' })).toThrow("RAZORPAY_KEY_SECRET must be set when RAZORPAY_KEY_ID is not the local sandbox's key");
  expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 's' })).toThrow('RAZORPAY_WEBHOOK_SECRET must be set');
  expect(() => loadConfig({ PAYMENT_WEBHOOK_DELAY_MS: '-1' })).toThrow('PAYMENT_WEBHOOK_DELAY_MS must be a whole number');
  expect(() => loadConfig({ RAZORPAY_API_URL: 'api.razorpay.com' })).toThrow('RAZORPAY_API_URL must be an http(s) address');
});
