// npm run invites: every seeded listing nobody runs yet and its local invite code, from the running system's API
// (GET /dev/provider-invites, where the provider stand-in runs: never in production). Sign in and claim one at
// /provider/join to take that listing's side; npm start prints one to try.
import { PORTS } from './lib/system.mjs';

try {
  const answer = await fetch(`http://127.0.0.1:${PORTS.api}/dev/provider-invites`);
  if (!answer.ok) throw new Error(`GET /dev/provider-invites answered ${answer.status}: is the provider stand-in on (PROVIDER_AUTO_ACCEPT_MS)?`);
  const { invites } = await answer.json();
  if (invites.length === 0) console.log('Every listing already has an owner.');
  for (const { name, code } of invites) console.log(`${code}  ${name}`);
} catch (error) {
  console.error(`npm run invites: ${error.message} (start the system first: npm start)`);
  process.exitCode = 1;
}
