import { EnvironmentError, httpUrl, port, readEnvironment, reader, text, variable, wholeNumber } from '@utsav/tooling/src/environment.cjs';
import { NOTIFICATIONS_LOCAL, PAYMENT_SANDBOX_PORT, RAZORPAY_LOCAL } from '@utsav/tooling/src/local-stand-ins.cjs';
import { z } from 'zod';

/**
 * The local stand-ins' environments (docs/configuration.md's third table is written from them). Each refuses
 * NODE_ENV=production outright: a stand-in answers for a service it is not (the sandbox would confirm
 * bookings with no money taken, the catcher would deliver nobody's mail).
 */

type Env = Record<string, string | undefined>;

const nodeEnv = variable(text(undefined), { usedBy: 'payment sandbox, message catcher', default: 'unset', meaning: 'the stand-ins refuse `production` outright' });

const shared = {
  HOST: variable(text('127.0.0.1'), { usedBy: 'payment sandbox, message catcher', default: '`127.0.0.1`', meaning: 'the interface it listens on' }),
  LOG_LEVEL: variable(text('info'), { usedBy: 'payment sandbox, message catcher', default: '`info`', meaning: "pino's level for its log" }),
};

/** The payment sandbox's environment (payment-sandbox/server.ts). */
export const sandboxEnvironment = z.object({
  NODE_ENV: nodeEnv,
  ...shared,
  PAYMENT_SANDBOX_PORT: variable(port(PAYMENT_SANDBOX_PORT), { usedBy: 'payment sandbox', default: `\`${PAYMENT_SANDBOX_PORT}\``, meaning: 'its port (the API reaches it there by default)' }),
  RAZORPAY_KEY_ID: variable(
    reader((value, fail) => {
      // a real key id would take the sandbox's word for payments that never happened
      if (value !== undefined && value !== RAZORPAY_LOCAL.KEY_ID) fail(`is not the local key id (${RAZORPAY_LOCAL.KEY_ID}): the sandbox only stands in for local development`);
      return RAZORPAY_LOCAL.KEY_ID;
    }),
    { usedBy: 'payment sandbox', default: `\`${RAZORPAY_LOCAL.KEY_ID}\``, meaning: 'the key id checkout is opened with; nothing else is taken' },
  ),
  RAZORPAY_KEY_SECRET: variable(text(RAZORPAY_LOCAL.KEY_SECRET), { usedBy: 'payment sandbox', default: 'the local secret', meaning: 'the secret the Orders API checks and checkout signs with (the API must have the same)' }),
  RAZORPAY_WEBHOOK_SECRET: variable(text(RAZORPAY_LOCAL.WEBHOOK_SECRET), { usedBy: 'payment sandbox', default: 'the local secret', meaning: 'the secret its webhooks are signed with (the API must have the same)' }),
  PAYMENT_WEBHOOK_URL: variable(httpUrl('http://127.0.0.1:4000/payment/webhook'), { usedBy: 'payment sandbox', default: '`http://127.0.0.1:4000/payment/webhook`', meaning: 'where it sends its signed webhooks' }),
  PAYMENT_WEBHOOK_DELAY_MS: variable(wholeNumber(0), { usedBy: 'payment sandbox', default: '`0`', meaning: 'how late it sends a webhook (to play a late one)' }),
});

/** The message catcher's environment (message-catcher/server.ts). */
export const catcherEnvironment = z.object({
  NODE_ENV: nodeEnv,
  ...shared,
  MESSAGE_CATCHER_PORT: variable(port(NOTIFICATIONS_LOCAL.MESSAGE_CATCHER_PORT), { usedBy: 'message catcher', default: `\`${NOTIFICATIONS_LOCAL.MESSAGE_CATCHER_PORT}\``, meaning: 'its HTTP port: the SMS API, the WhatsApp Cloud API, `/emails`, `/sms`, `/whatsapp`, the page at `/`' }),
  MAIL_CATCHER_SMTP_PORT: variable(port(NOTIFICATIONS_LOCAL.MAIL_CATCHER_SMTP_PORT), { usedBy: 'message catcher', default: `\`${NOTIFICATIONS_LOCAL.MAIL_CATCHER_SMTP_PORT}\``, meaning: 'its SMTP port' }),
  SMS_API_KEY: variable(text(NOTIFICATIONS_LOCAL.SMS_API_KEY), { usedBy: 'message catcher', default: 'the local key', meaning: 'the bearer key its SMS API takes (the API must send the same)' }),
  WHATSAPP_ACCESS_TOKEN: variable(text(NOTIFICATIONS_LOCAL.WHATSAPP_ACCESS_TOKEN), { usedBy: 'message catcher', default: 'the local token', meaning: 'the bearer token its WhatsApp Cloud API takes (the API must send the same)' }),
  WHATSAPP_PHONE_NUMBER_ID: variable(text(NOTIFICATIONS_LOCAL.WHATSAPP_PHONE_NUMBER_ID), { usedBy: 'message catcher', default: 'the local id', meaning: "the business phone number id in its WhatsApp Cloud API's path (the API must use the same)" }),
});

/** A stand-in answers for a service it is not: under NODE_ENV=production it does not start at all. */
function refuseProduction(env: Env, standIn: string): void {
  if (env.NODE_ENV?.trim() === 'production') {
    throw new EnvironmentError(`NODE_ENV=production, refusing to start: the ${standIn} is a local stand-in and never runs in production`);
  }
}

/** The payment sandbox's settings; an EnvironmentError says what is wrong. */
export function loadSandboxSettings(env: Env = process.env) {
  refuseProduction(env, 'payment sandbox');
  return readEnvironment(sandboxEnvironment, env);
}

/** The message catcher's settings; an EnvironmentError says what is wrong. */
export function loadCatcherSettings(env: Env = process.env) {
  refuseProduction(env, 'message catcher');
  return readEnvironment(catcherEnvironment, env);
}
