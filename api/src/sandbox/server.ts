import { getConfig } from '../config';
import { buildSandboxApp } from './app';

/** Starts the payment sandbox on PAYMENT_SANDBOX_PORT (4010). */
async function main(): Promise<void> {
  const config = getConfig();
  const app = buildSandboxApp({ logger: { level: config.LOG_LEVEL } });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  const address = await app.listen({ port: config.PAYMENT_SANDBOX_PORT, host: config.HOST });
  app.log.info(`Payment sandbox listening on ${address}`);
}

void main().catch((error: unknown) => {
  console.error('Payment sandbox failed to start:', error);
  process.exit(1);
});
