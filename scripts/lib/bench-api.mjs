// The API under autocannon: the api package's bench:load (hello vs search vs booking create) writes
// its figures to .data/bench/api-load.json; the bench runs it and reads them back.
import fs from 'node:fs';
import path from 'node:path';
import { DATA } from './paths.mjs';
import { pnpm } from './pnpm.mjs';

export const API_LOAD_FILE = path.join(DATA, 'bench', 'api-load.json');
export const API_SCENARIOS = { hello: 'bare Fastify "hello"', search: 'GET /services?q= (large seed)', bookingCreate: 'POST /bookings' };

/** Checks the file holds {p50, p99, rps} numbers for each scenario; returns the parsed figures. */
export function readApiLoad(text) {
  const figures = JSON.parse(text);
  for (const scenario of Object.keys(API_SCENARIOS)) {
    for (const key of ['p50', 'p99', 'rps']) {
      if (typeof figures?.[scenario]?.[key] !== 'number') throw new Error(`${API_LOAD_FILE}: ${scenario}.${key} is not a number`);
    }
  }
  return figures;
}

/** Runs the load script (it starts its own servers) and returns its figures, or { error } if it failed. */
export async function measureApiLoad({ log = console.log } = {}) {
  fs.rmSync(API_LOAD_FILE, { force: true });
  try {
    log('api load (bench:load)…');
    await pnpm(['--filter', '@utsav/api', 'run', 'bench:load'], { stdio: ['ignore', 'inherit', 'inherit'] });
    return readApiLoad(fs.readFileSync(API_LOAD_FILE, 'utf8'));
  } catch (error) {
    log(`api load failed: ${error.message}`);
    return { error: error.message };
  }
}
