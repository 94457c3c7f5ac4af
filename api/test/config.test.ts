import path from 'node:path';
import { loadCatcherSettings, loadSandboxSettings } from '@utsav/stand-ins/src/config';
import { ConfigError, loadConfig, NOTIFICATIONS_LOCAL, productionProblems, RAZORPAY_LOCAL } from '../src/config';
import { LIVE_PRODUCTION_ENV } from './support/live-env';

const repoRoot = path.resolve(__dirname, '..', '..');

test('defaults suit local development', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    PORT: 4000,
    HOST: '127.0.0.1',
    DATABASE_URL: undefined,
    DATA_DIR: path.join(repoRoot, '.data'),
    FIREBASE_PROJECT_ID: 'demo-utsav',
    FIREBASE_AUTH_EMULATOR_HOST: undefined,
    AUTH_TOKEN_CACHE_MS: 30_000,
    BODY_LIMIT_BYTES: 1024 * 1024,
    UPLOADS_DIR: path.join(repoRoot, '.data', 'uploads'),
    UPLOADS_BUCKET: undefined,
    FIREBASE_STORAGE_EMULATOR_HOST: undefined,
    UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024,
    PUBLIC_API_URL: 'http://localhost:4000',
    PAYMENT_SANDBOX_PORT: 4010,
    PROVIDER_AUTO_ACCEPT_MS: undefined,
    RAZORPAY_KEY_ID: 'rzp_test_utsav_local',
    RAZORPAY_API_URL: 'http://127.0.0.1:4010',
    RAZORPAY_CHECKOUT_URL: 'http://localhost:4010/v1/checkout.js',
    SMTP_URL: 'smtp://127.0.0.1:1025',
    MAIL_FROM: 'Utsav <bookings@utsav.local>',
    SMS_API_URL: 'http://127.0.0.1:4020',
    SMS_API_KEY: 'utsav_local_sms_stand_in_key',
    SMS_SENDER: 'UTSAVB',
    WHATSAPP_API_URL: 'http://127.0.0.1:4020',
    WHATSAPP_API_VERSION: 'v23.0',
    WHATSAPP_PHONE_NUMBER_ID: NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_TEMPLATE: 'utsav_booking_update',
    MESSAGE_CATCHER_PORT: 4020,
    MAIL_CATCHER_SMTP_PORT: 1025,
  });
  expect(config.RAZORPAY_KEY_SECRET).toBe(RAZORPAY_LOCAL.KEY_SECRET);
  expect(config.RAZORPAY_WEBHOOK_SECRET).toBe(RAZORPAY_LOCAL.WEBHOOK_SECRET);
  expect(config.APP_ORIGINS).toHaveLength(12);
  expect(config.APP_ORIGINS).toEqual(
    expect.arrayContaining(['http://localhost:3000', 'http://localhost:3004', 'http://localhost:3005', 'http://127.0.0.1:3002']),
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

test('the Auth emulator only when configured: unset or empty is real Firebase, whatever else is set', () => {
  expect(loadConfig({}).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: ' ' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: ' 127.0.0.1:9099 ' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
});

test('uploads: the local folder unless UPLOADS_BUCKET names a bucket; its emulator only when configured', () => {
  expect(loadConfig({ UPLOADS_BUCKET: ' ' })).toMatchObject({ UPLOADS_BUCKET: undefined, FIREBASE_STORAGE_EMULATOR_HOST: undefined });
  expect(loadConfig({ UPLOADS_BUCKET: ' utsav-prod.firebasestorage.app ', FIREBASE_STORAGE_EMULATOR_HOST: ' 127.0.0.1:9199 ' })).toMatchObject({
    UPLOADS_BUCKET: 'utsav-prod.firebasestorage.app',
    FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  });
  expect(loadConfig({ UPLOADS_BUCKET: 'utsav_photos-2', FIREBASE_STORAGE_EMULATOR_HOST: '[::1]:9199' })).toMatchObject({
    UPLOADS_BUCKET: 'utsav_photos-2',
    FIREBASE_STORAGE_EMULATOR_HOST: '[::1]:9199',
  });
  for (const bucket of ['gs://utsav-prod', 'Utsav-Prod', 'ab', 'utsav/photos', '-utsav']) {
    expect(() => loadConfig({ UPLOADS_BUCKET: bucket })).toThrow(
      new ConfigError(`UPLOADS_BUCKET must be a bucket's name (e.g. utsav-prod.firebasestorage.app, without gs://), got "${bucket}"`),
    );
  }
  for (const host of ['http://127.0.0.1:9199', '127.0.0.1', 'localhost:port', '127.0.0.1:9199/']) {
    expect(() => loadConfig({ FIREBASE_STORAGE_EMULATOR_HOST: host })).toThrow(
      new ConfigError(`FIREBASE_STORAGE_EMULATOR_HOST must be host:port (e.g. 127.0.0.1:9199, without http://), got "${host}"`),
    );
  }
});

test('AUTH_TOKEN_CACHE_MS: milliseconds, 0 turns the cache off', () => {
  expect(loadConfig({ AUTH_TOKEN_CACHE_MS: '5000' }).AUTH_TOKEN_CACHE_MS).toBe(5000);
  expect(loadConfig({ AUTH_TOKEN_CACHE_MS: '0' }).AUTH_TOKEN_CACHE_MS).toBe(0);
  expect(() => loadConfig({ AUTH_TOKEN_CACHE_MS: '30s' })).toThrow(new ConfigError('AUTH_TOKEN_CACHE_MS must be a whole number of milliseconds (0 or more), got "30s"'));
});

describe('NODE_ENV=production refuses the local stand-ins and development defaults', () => {
  const live = LIVE_PRODUCTION_ENV;

  test('a live environment passes, and loads', () => {
    expect(productionProblems(live)).toEqual([]);
    // photos in a bucket, on real Cloud Storage
    expect(productionProblems({ ...live, UPLOADS_BUCKET: 'utsav-prod.firebasestorage.app', FIREBASE_STORAGE_EMULATOR_HOST: ' ' })).toEqual([]);
    // no proxy in front, said out loud; a relay that must STARTTLS
    expect(productionProblems({ ...live, TRUST_PROXY: 'none', SMTP_URL: 'smtp://u:p@smtp.mail.example:587?requireTLS=true' })).toEqual([]);
    expect(loadConfig({ ...live, TRUST_PROXY: ' none ', FIREBASE_AUTH_EMULATOR_HOST: '' }).TRUST_PROXY).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'none, 10.0.0.1' })).toThrow(new ConfigError('TRUST_PROXY is either "none" or the proxies\' addresses, not both'));
    expect(loadConfig({ ...live, PROVIDER_AUTO_ACCEPT_MS: '0', FIREBASE_AUTH_EMULATOR_HOST: '' })).toMatchObject({ FIREBASE_AUTH_EMULATOR_HOST: undefined, PROVIDER_AUTO_ACCEPT_MS: undefined });
    // production never seeds: the demo catalog is off unless a local runner turns it on (and production refuses that)
    expect(loadConfig({ ...live, SEED_DEMO_CATALOG: 'false' }).SEED_DEMO_CATALOG).toBe(false);
    expect(loadConfig(live).SEED_DEMO_CATALOG).toBe(false);
    expect(loadConfig({ SEED_DEMO_CATALOG: 'True' }).SEED_DEMO_CATALOG).toBe(true);
    expect(() => loadConfig({ SEED_DEMO_CATALOG: 'yes' })).toThrow(new ConfigError('SEED_DEMO_CATALOG must be true or false, got "yes"'));
  });

  test.each([
    ['DATABASE_URL', undefined, "DATABASE_URL is not set (the default is embedded PGlite on this container's disk)"],
    ['DATABASE_URL', ' ', "DATABASE_URL is not set (the default is embedded PGlite on this container's disk)"],
    ['UPLOADS_BUCKET', undefined, "UPLOADS_BUCKET is not set (the default keeps photos on this container's disk)"],
    ['TRUST_PROXY', undefined, 'TRUST_PROXY is not set (list the load balancer\'s addresses, or "none" when clients connect directly)'],
    ['TRUST_PROXY', '', 'TRUST_PROXY is not set (list the load balancer\'s addresses, or "none" when clients connect directly)'],
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099', 'FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator accepts unsigned tokens'],
    ['FIREBASE_STORAGE_EMULATOR_HOST', '127.0.0.1:9199', 'FIREBASE_STORAGE_EMULATOR_HOST is set: uploaded photos would go to the local Storage emulator'],
    ['FIREBASE_PROJECT_ID', undefined, 'FIREBASE_PROJECT_ID is not set (the default is the demo-utsav emulator project)'],
    ['FIREBASE_PROJECT_ID', 'demo-utsav', 'FIREBASE_PROJECT_ID is "demo-utsav": demo-* projects exist only in the emulator'],
    ['RAZORPAY_KEY_ID', undefined, "RAZORPAY_KEY_ID is not set (the default is the local sandbox's)"],
    ['RAZORPAY_KEY_ID', RAZORPAY_LOCAL.KEY_ID, "RAZORPAY_KEY_ID is the local sandbox's value, which is public"],
    ['RAZORPAY_KEY_SECRET', ' ', "RAZORPAY_KEY_SECRET is not set (the default is the local sandbox's)"],
    ['RAZORPAY_KEY_SECRET', RAZORPAY_LOCAL.KEY_SECRET, "RAZORPAY_KEY_SECRET is the local sandbox's value, which is public"],
    ['RAZORPAY_WEBHOOK_SECRET', undefined, "RAZORPAY_WEBHOOK_SECRET is not set (the default is the local sandbox's)"],
    ['RAZORPAY_WEBHOOK_SECRET', RAZORPAY_LOCAL.WEBHOOK_SECRET, "RAZORPAY_WEBHOOK_SECRET is the local sandbox's value, which is public"],
    ['RAZORPAY_API_URL', undefined, 'RAZORPAY_API_URL is not set (the default is the local sandbox)'],
    ['RAZORPAY_API_URL', 'http://api.razorpay.com', 'RAZORPAY_API_URL must be https, not http'],
    ['RAZORPAY_API_URL', 'https://127.0.0.1:4010', 'RAZORPAY_API_URL points at this machine (127.0.0.1), not the real service'],
    ['RAZORPAY_CHECKOUT_URL', undefined, 'RAZORPAY_CHECKOUT_URL is not set (the default is the local sandbox)'],
    ['RAZORPAY_CHECKOUT_URL', 'https://localhost:4010/v1/checkout.js', 'RAZORPAY_CHECKOUT_URL points at this machine (localhost), not the real service'],
    ['RAZORPAY_CHECKOUT_URL', 'checkout.razorpay.com', 'RAZORPAY_CHECKOUT_URL is not an address'],
    ['PUBLIC_API_URL', undefined, 'PUBLIC_API_URL is not set (the default is http://localhost)'],
    ['PUBLIC_API_URL', 'http://api.utsav.example', 'PUBLIC_API_URL must be https, not http'],
    ['PUBLIC_API_URL', 'https://[::1]:4000', 'PUBLIC_API_URL points at this machine ([::1]), not the real service'],
    ['APP_ORIGINS', undefined, 'APP_ORIGINS is not set (the default is the local dev servers)'],
    ['APP_ORIGINS', 'https://utsav.example,http://localhost:3000', 'APP_ORIGINS must be https, not http'],
    ['APP_ORIGINS', 'https://utsav.example,https://127.0.0.1:3000', 'APP_ORIGINS points at this machine (127.0.0.1), not the real service'],
    ['INVOICE_GSTIN', undefined, 'INVOICE_GSTIN is not set (invoices would carry no GSTIN)'],
    ['INVOICE_GSTIN', 'NOT REGISTERED', 'INVOICE_GSTIN is not a GSTIN (15 characters: 2 digits, PAN, entity, Z, check)'],
    ['INVOICE_SELLER_NAME', ' ', 'INVOICE_SELLER_NAME is not set (the default says "local development")'],
    ['SMTP_URL', undefined, 'SMTP_URL is not set (the default is the local message catcher)'],
    ['SMTP_URL', 'smtp://127.0.0.1:1025', 'SMTP_URL points at this machine (127.0.0.1), not the real service'],
    ['SMTP_URL', 'smtp://localhost:25', 'SMTP_URL points at this machine (localhost), not the real service'],
    ['SMTP_URL', 'smtps://user:pass@[::1]:465', 'SMTP_URL points at this machine ([::1]), not the real service'],
    ['SMTP_URL', 'https://smtp.mail.example', 'SMTP_URL must be smtp or smtps, not https'],
    ['SMTP_URL', 'smtp://relay:pw@smtp.mail.example:587', 'SMTP_URL must use TLS: smtps://, or smtp:// with ?requireTLS=true'],
    ['SMTP_URL', 'smtp://smtp.mail.example:587?requireTLS=false', 'SMTP_URL must use TLS: smtps://, or smtp:// with ?requireTLS=true'],
    ['SMTP_URL', 'smtp://smtp.mail.example:587?requireTLS=true&ignoreTLS=true', 'SMTP_URL turns TLS off (ignoreTLS/secure=false)'],
    ['SMTP_URL', 'smtps://smtp.mail.example:465?secure=false', 'SMTP_URL turns TLS off (ignoreTLS/secure=false)'],
    ['SMTP_URL', 'smtps://smtp.mail.example:465?tls.rejectUnauthorized=false', 'SMTP_URL accepts any TLS certificate (tls.rejectUnauthorized=false)'],
    ['PUBLIC_API_URL', 'https://localhost', 'PUBLIC_API_URL points at this machine (localhost), not the real service'],
    ['PUBLIC_API_URL', 'https://127.1', 'PUBLIC_API_URL points at this machine (127.0.0.1), not the real service'],
    ['PUBLIC_API_URL', 'https://[::ffff:127.0.0.1]', 'PUBLIC_API_URL points at this machine ([::ffff:7f00:1]), not the real service'],
    ['PUBLIC_APP_URL', 'https://localhost./', 'PUBLIC_APP_URL points at this machine (localhost.), not the real service'],
    ['PUBLIC_APP_URL', 'https://app.localhost', 'PUBLIC_APP_URL points at this machine (app.localhost), not the real service'],
    ['SMTP_URL', 'smtp.mail.example', 'SMTP_URL is not an address'],
    ['SMS_API_URL', undefined, 'SMS_API_URL is not set (the default is the local message catcher)'],
    ['SMS_API_URL', 'http://sms.provider.example', 'SMS_API_URL must be https, not http'],
    ['SMS_API_URL', 'https://127.0.0.1:4020', 'SMS_API_URL points at this machine (127.0.0.1), not the real service'],
    ['SMS_API_KEY', ' ', "SMS_API_KEY is not set (the default is the local message catcher's)"],
    ['SMS_API_KEY', NOTIFICATIONS_LOCAL.SMS_API_KEY, "SMS_API_KEY is the local message catcher's value, which is public"],
    // WhatsApp (issue 37, item 6): never the message catcher, never its public token or phone number id
    ['WHATSAPP_API_URL', undefined, 'WHATSAPP_API_URL is not set (the default is the local message catcher)'],
    ['WHATSAPP_API_URL', 'http://graph.facebook.com', 'WHATSAPP_API_URL must be https, not http'],
    ['WHATSAPP_API_URL', 'http://127.0.0.1:4020', 'WHATSAPP_API_URL must be https, not http'],
    ['WHATSAPP_API_URL', 'https://127.0.0.1:4020', 'WHATSAPP_API_URL points at this machine (127.0.0.1), not the real service'],
    ['WHATSAPP_API_URL', 'https://localhost:4020/', 'WHATSAPP_API_URL points at this machine (localhost), not the real service'],
    ['WHATSAPP_ACCESS_TOKEN', undefined, "WHATSAPP_ACCESS_TOKEN is not set (the default is the local message catcher's)"],
    ['WHATSAPP_ACCESS_TOKEN', NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN, "WHATSAPP_ACCESS_TOKEN is the local message catcher's value, which is public"],
    ['WHATSAPP_PHONE_NUMBER_ID', undefined, "WHATSAPP_PHONE_NUMBER_ID is not set (the default is the local message catcher's)"],
    ['WHATSAPP_PHONE_NUMBER_ID', NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID, "WHATSAPP_PHONE_NUMBER_ID is the local message catcher's id"],
    ['MAIL_FROM', undefined, 'MAIL_FROM is not set (the default is a .local address no mailbox accepts mail from)'],
    ['MAIL_FROM', NOTIFICATIONS_LOCAL.MAIL_FROM, 'MAIL_FROM is the local default, a .local address no mailbox accepts mail from'],
    ['PROVIDER_AUTO_ACCEPT_MS', '5000', "PROVIDER_AUTO_ACCEPT_MS is set: the provider stand-in would accept bookings on real providers' behalf"],
    ['PROVIDER_AUTO_ACCEPT_MS', 'soon', "PROVIDER_AUTO_ACCEPT_MS is set: the provider stand-in would accept bookings on real providers' behalf"],
    ['SEED_DEMO_CATALOG', 'true', 'SEED_DEMO_CATALOG is true: demo listings nobody runs would be offered to real customers'],
    ['SEED_DEMO_CATALOG', ' TRUE ', 'SEED_DEMO_CATALOG is true: demo listings nobody runs would be offered to real customers'],
  ])('%s=%p', (name, value, problem) => {
    const env = { ...live, [name]: value };
    expect(productionProblems(env)).toEqual([problem]);
    // the same settings outside production are fine (PROVIDER_AUTO_ACCEPT_MS=soon aside, which is nonsense anywhere)
    expect(productionProblems({ ...env, NODE_ENV: 'development' })).toEqual([]);
  });

  test('loadConfig throws one ConfigError of one line, naming every problem', () => {
    const read = () => loadConfig({ ...live, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PUBLIC_API_URL: undefined });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      new ConfigError(
        'NODE_ENV=production, refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set: the Auth emulator accepts unsigned tokens; PUBLIC_API_URL is not set (the default is http://localhost)',
      ),
    );
  });
});

test('the payment sandbox (stand-ins/) refuses production, and any key id but the local one; it reads its webhook settings', () => {
  expect(() => loadSandboxSettings({ NODE_ENV: 'production' })).toThrow(
    new ConfigError('NODE_ENV=production, refusing to start: the payment sandbox is a local stand-in and never runs in production'),
  );
  expect(() => loadSandboxSettings({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' })).toThrow(
    new ConfigError(`RAZORPAY_KEY_ID is not the local key id (${RAZORPAY_LOCAL.KEY_ID}): the sandbox only stands in for local development`),
  );
  expect(loadSandboxSettings({ RAZORPAY_KEY_ID: RAZORPAY_LOCAL.KEY_ID, NODE_ENV: 'test' }).RAZORPAY_KEY_ID).toBe(RAZORPAY_LOCAL.KEY_ID);
  expect(loadSandboxSettings({})).toMatchObject({
    PAYMENT_SANDBOX_PORT: 4010,
    RAZORPAY_KEY_SECRET: RAZORPAY_LOCAL.KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY_LOCAL.WEBHOOK_SECRET,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4000/payment/webhook',
    PAYMENT_WEBHOOK_DELAY_MS: 0,
  });
  expect(loadSandboxSettings({ PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4111/payment/webhook', PAYMENT_WEBHOOK_DELAY_MS: '2500' })).toMatchObject({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:4111/payment/webhook',
    PAYMENT_WEBHOOK_DELAY_MS: 2500,
  });
  expect(() => loadSandboxSettings({ PAYMENT_WEBHOOK_DELAY_MS: '-1' })).toThrow('PAYMENT_WEBHOOK_DELAY_MS must be a whole number');
});

test('the message catcher (stand-ins/) refuses production', () => {
  expect(() => loadCatcherSettings({ NODE_ENV: 'production' })).toThrow(
    new ConfigError('NODE_ENV=production, refusing to start: the message catcher is a local stand-in and never runs in production'),
  );
  expect(loadCatcherSettings({ NODE_ENV: 'test', MESSAGE_CATCHER_PORT: '5020' })).toMatchObject({
    MESSAGE_CATCHER_PORT: 5020,
    MAIL_CATCHER_SMTP_PORT: 1025,
    SMS_API_KEY: NOTIFICATIONS_LOCAL.SMS_API_KEY,
    WHATSAPP_ACCESS_TOKEN: NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID,
  });
  expect(() => loadCatcherSettings({ MAIL_CATCHER_SMTP_PORT: 'x' })).toThrow('MAIL_CATCHER_SMTP_PORT must be a port number');
});

test('notifications: the local defaults follow the catcher ports; the settings are read and checked', () => {
  expect(loadConfig({ MESSAGE_CATCHER_PORT: '5020', MAIL_CATCHER_SMTP_PORT: '2525' })).toMatchObject({
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_API_URL: 'http://127.0.0.1:5020',
    WHATSAPP_API_URL: 'http://127.0.0.1:5020',
  });
  expect(
    loadConfig({ SMTP_URL: ' smtps://u:p@smtp.mail.example:465 ', MAIL_FROM: 'bookings@utsav.example', SMS_API_URL: 'https://sms.example/', SMS_API_KEY: 'k', SMS_SENDER: 'UTSAV1' }),
  ).toMatchObject({
    SMTP_URL: 'smtps://u:p@smtp.mail.example:465',
    MAIL_FROM: 'bookings@utsav.example',
    SMS_API_URL: 'https://sms.example',
    SMS_API_KEY: 'k',
    SMS_SENDER: 'UTSAV1',
  });
  // the URL is not repeated in the message: it may carry the relay's password
  expect(() => loadConfig({ SMTP_URL: 'http://u:secret@smtp.mail.example' })).toThrow(new ConfigError('SMTP_URL must be an smtp:// or smtps:// address, not http'));
  expect(() => loadConfig({ SMTP_URL: 'smtp.mail.example' })).toThrow(new ConfigError('SMTP_URL must be an smtp:// or smtps:// address'));
  expect(() => loadConfig({ SMS_API_URL: 'sms.example' })).toThrow('SMS_API_URL must be an http(s) address');
  expect(() => loadConfig({ MAIL_FROM: 'Utsav' })).toThrow('MAIL_FROM must be one address, e.g. "Utsav <bookings@utsav.in>", got "Utsav"');
  expect(() => loadConfig({ MAIL_FROM: 'a@x.example, b@x.example' })).toThrow('MAIL_FROM must be one address');
  expect(loadConfig({ MAIL_FROM: 'Utsav Bookings <bookings@utsav.example>' }).MAIL_FROM).toBe('Utsav Bookings <bookings@utsav.example>');
  expect(() => loadConfig({ SMS_SENDER: 'UTSAV-BOOKINGS' })).toThrow(new ConfigError('SMS_SENDER must be 1 to 11 letters or digits, got "UTSAV-BOOKINGS"'));
  expect(() => loadConfig({ MESSAGE_CATCHER_PORT: 'x' })).toThrow('MESSAGE_CATCHER_PORT must be a port number');
  expect(loadConfig({ WHATSAPP_API_URL: 'https://graph.facebook.com/', WHATSAPP_API_VERSION: 'v22.0', WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_TEMPLATE: 'booking_update_v2' })).toMatchObject({
    WHATSAPP_API_URL: 'https://graph.facebook.com',
    WHATSAPP_API_VERSION: 'v22.0',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_TEMPLATE: 'booking_update_v2',
  });
  expect(() => loadConfig({ WHATSAPP_API_VERSION: '23' })).toThrow(new ConfigError('WHATSAPP_API_VERSION must be a Graph API version such as v23.0, got "23"'));
  expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '+91 98765' })).toThrow('WHATSAPP_PHONE_NUMBER_ID must be the business phone number\'s id');
  expect(() => loadConfig({ WHATSAPP_TEMPLATE: 'Booking Update' })).toThrow(new ConfigError('WHATSAPP_TEMPLATE must be a template\'s name (lowercase letters, digits and underscores), got "Booking Update"'));
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
    }),
  ).toMatchObject({
    RAZORPAY_KEY_ID: 'rzp_live_abc',
    RAZORPAY_KEY_SECRET: 'secret-1',
    RAZORPAY_WEBHOOK_SECRET: 'secret-2',
    RAZORPAY_API_URL: 'https://api.razorpay.com',
    RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  });
  expect(loadConfig({ PAYMENT_SANDBOX_PORT: '4110' })).toMatchObject({
    RAZORPAY_API_URL: 'http://127.0.0.1:4110',
    RAZORPAY_CHECKOUT_URL: 'http://localhost:4110/v1/checkout.js',
  });
});

test('Razorpay: a key other than the sandbox’s needs its own secrets (the local ones are public)', () => {
  expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_abc' })).toThrow("RAZORPAY_KEY_SECRET must be set when RAZORPAY_KEY_ID is not the local sandbox's key");
  expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 's' })).toThrow('RAZORPAY_WEBHOOK_SECRET must be set');
  expect(() => loadConfig({ RAZORPAY_API_URL: 'api.razorpay.com' })).toThrow('RAZORPAY_API_URL must be an http(s) address');
});
