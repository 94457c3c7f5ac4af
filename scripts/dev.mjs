// npm run dev: the same system with webpack-dev-server per app and the API under tsx watch.
import { install } from './lib/pnpm.mjs';
import { HOST_URL, startSystem } from './lib/system.mjs';

try {
  await install();
  const system = await startSystem({ mode: 'development' });
  console.log(`\nUtsav (development) is running at ${HOST_URL}. Press Ctrl-C to stop.\n`);
  const shutdown = async () => {
    await system.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`\nnpm run dev failed: ${error.message}`);
  process.exit(1);
}
