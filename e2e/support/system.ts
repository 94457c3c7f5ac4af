import path from 'node:path';

/** Where the running system's pieces are; the defaults are the local ports of DESIGN.md. */
export const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:4000';
/** The local message catcher: every email and text the API sent (GET /emails, /sms, and a page at /). */
export const MESSAGES_URL = process.env.E2E_MESSAGES_URL ?? 'http://127.0.0.1:4020';
export const AUTH_EMULATOR = process.env.E2E_AUTH_EMULATOR ?? 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-utsav';

export const REMOTE_ORIGINS = {
  catalog: 'http://localhost:3001',
  booking: 'http://localhost:3002',
  checkout: 'http://localhost:3003',
  account: 'http://localhost:3004',
  provider: 'http://localhost:3005',
} as const;
export type Remote = keyof typeof REMOTE_ORIGINS;

/** The release store the running system serves its remotes from (npm test says where; scripts/lib/system.mjs). */
export const RELEASES_DIR = process.env.E2E_RELEASES_DIR ?? path.resolve(__dirname, '../../.data/e2e/releases');
