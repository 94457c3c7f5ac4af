import { loadSandboxSettings } from '../config';
import { settingsOrExit } from '@utsav/tooling/src/environment.cjs';
import { buildSandboxApp } from './app';

/** Starts the payment sandbox on PAYMENT_SANDBOX_PORT (4010), with the keys and webhook target from the environment. */
async function main(): Promise<void> {
  // refuses NODE_ENV=production and a key id other than the local one
  const config = settingsOrExit(() => loadSandboxSettings());
  const app = buildSandboxApp({
    logger: { level: config.LOG_LEVEL },
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    webhookUrl: config.PAYMENT_WEBHOOK_URL,
    webhookDelayMs: config.PAYMENT_WEBHOOK_DELAY_MS,
  });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  const address = await app.listen({ port: config.PAYMENT_SANDBOX_PORT, host: config.HOST });
  app.log.info({ webhookUrl: config.PAYMENT_WEBHOOK_URL, webhookDelayMs: config.PAYMENT_WEBHOOK_DELAY_MS }, `Payment sandbox listening on ${address}`);
}

void main().catch((error: unknown) => {
  console.error('Payment sandbox failed to start:', error);
  process.exit(1);
});
