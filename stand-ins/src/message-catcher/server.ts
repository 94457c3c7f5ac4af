import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { NOTIFICATIONS_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import { loadCatcherSettings } from '../config';
import { settingsOrExit } from '@utsav/tooling/src/environment.cjs';
import { buildMessageCatcherApp } from './app';
import { Mailbox } from './mailbox';
import { createSmtpCatcher } from './smtp';

/** It listens on this machine only: what it caught (people's addresses, numbers, messages) is readable without a key. */
const HOST = '127.0.0.1';

export interface MessageCatcherOptions {
  /** 0: a port the system picks */
  smtpPort: number;
  httpPort: number;
  /** the key its SMS API takes: the local one unless given */
  smsApiKey?: string;
  /** the access token and the phone number id its WhatsApp Cloud API takes: the local ones unless given */
  whatsAppAccessToken?: string;
  whatsAppPhoneNumberId?: string;
  logger?: FastifyServerOptions['logger'];
}

export interface MessageCatcher {
  smtpPort: number;
  httpPort: number;
  /** http://127.0.0.1:<httpPort>: the SMS API (SMS_API_URL), the WhatsApp Cloud API (WHATSAPP_API_URL), the JSON lists and the page */
  url: string;
  /** smtp://127.0.0.1:<smtpPort> (SMTP_URL) */
  smtpUrl: string;
  mailbox: Mailbox;
  close(): Promise<void>;
}

/**
 * Starts the local message catcher: an SMTP server that keeps every email sent to it (one per Message-ID) and an
 * HTTP server speaking the SMS provider's protocol and the WhatsApp Cloud API's, which also shows everything caught
 * (GET /, /emails, /sms, /whatsapp).
 */
export async function startMessageCatcher({ smtpPort, httpPort, smsApiKey = NOTIFICATIONS_LOCAL.SMS_API_KEY, whatsAppAccessToken, whatsAppPhoneNumberId, logger }: MessageCatcherOptions): Promise<MessageCatcher> {
  const mailbox = new Mailbox();
  const app = buildMessageCatcherApp({ mailbox, smsApiKey, whatsAppAccessToken, whatsAppPhoneNumberId, logger });
  const smtp = createSmtpCatcher(mailbox, app.log);
  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));

  const listening = smtp.listen(smtpPort, HOST);
  await new Promise<void>((resolve, reject) => {
    listening.once('listening', resolve);
    listening.once('error', reject);
  });
  let address: string;
  try {
    address = await app.listen({ port: httpPort, host: HOST });
  } catch (error) {
    await closeSmtp();
    throw error;
  }
  const boundSmtpPort = (listening.address() as AddressInfo).port;
  const boundHttpPort = (app.server.address() as AddressInfo).port;
  return {
    smtpPort: boundSmtpPort,
    httpPort: boundHttpPort,
    url: address,
    smtpUrl: `smtp://${HOST}:${boundSmtpPort}`,
    mailbox,
    async close() {
      await Promise.all([closeSmtp(), app.close()]);
    },
  };
}

/** The process: MESSAGE_CATCHER_PORT (4020) and MAIL_CATCHER_SMTP_PORT (1025); refuses NODE_ENV=production. */
async function main(): Promise<void> {
  const config = settingsOrExit(() => loadCatcherSettings());
  const catcher = await startMessageCatcher({
    smtpPort: config.MAIL_CATCHER_SMTP_PORT,
    httpPort: config.MESSAGE_CATCHER_PORT,
    smsApiKey: config.SMS_API_KEY,
    whatsAppAccessToken: config.WHATSAPP_ACCESS_TOKEN,
    whatsAppPhoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    logger: { level: config.LOG_LEVEL },
  });
  const shutdown = () => {
    catcher.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  console.log(`Message catcher listening on ${catcher.url} (SMTP on ${catcher.smtpUrl}); what Utsav sent: ${catcher.url}/`);
}

// the entry point (tsx, the dist bundle); imported (tests), it only exports startMessageCatcher
if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error('Message catcher failed to start:', error);
    process.exit(1);
  });
}
