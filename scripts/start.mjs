// npm start: install, build for production (reusing current builds), start everything, print the URL.
import { buildAll } from './lib/build.mjs';
import { install } from './lib/pnpm.mjs';
import { HOST_URL, PORTS, startSystem } from './lib/system.mjs';

const began = Date.now();
const seconds = () => ((Date.now() - began) / 1000).toFixed(1);

/** A listing to try the provider's side with: signed in, claim it with its local invite code (the API's /dev route). */
async function printProviderInvite() {
  try {
    const answer = await fetch(`http://127.0.0.1:${PORTS.api}/dev/provider-invite`);
    if (!answer.ok) return;
    const { name, code } = await answer.json();
    console.log(`To run a provider listing, sign in and claim "${name}" with invite code ${code} at /provider/join (npm run invites lists every listing's code).`);
  } catch {
    // the stand-in is off (PROVIDER_AUTO_ACCEPT_MS=0): no local invites to offer
  }
}

try {
  await install();
  await buildAll();
  const system = await startSystem({ mode: 'production' });
  console.log(`\nUtsav is running at ${HOST_URL} (ready in ${seconds()} s). Press Ctrl-C to stop.`);
  await printProviderInvite();
  console.log('');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await system.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
}
