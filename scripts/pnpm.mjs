// `node scripts/pnpm.mjs <args>`: the pinned pnpm, for npm scripts.
import { pnpm } from './lib/pnpm.mjs';

pnpm(process.argv.slice(2)).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
