// npm start: install, build for production (reusing current builds), start everything, print the URL.
import { buildAll } from './lib/build.mjs';
import { install } from './lib/pnpm.mjs';
import { HOST_URL, startSystem } from './lib/system.mjs';

const began = Date.now();
const seconds = () => ((Date.now() - began) / 1000).toFixed(1);

try {
  await install();
  await buildAll();
  const system = await startSystem({ mode: 'production' });
  console.log(`\nUtsav is running at ${HOST_URL} (ready in ${seconds()} s). Press Ctrl-C to stop.\n`);
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
