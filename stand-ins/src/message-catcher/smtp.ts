import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Mailbox } from './mailbox';

/** The largest message the catcher takes (notification emails are a few KiB); a larger one is refused with 552. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** `Name <address>` (or the bare address), as a person would write it: comma-separated when several. */
const addressText = (header: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(header) ? header : header ? [header] : [])
    .flatMap((item) => item.value)
    .map(({ name, address }) => (name && address ? `${name} <${address}>` : (address ?? name)))
    .join(', ');

/** The DATA stream, read whole but kept only up to the limit: an oversized message is drained, not stored. */
function readCapped(stream: SMTPServerDataStream, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.once('end', () => resolve(stream.sizeExceeded || size > limit ? undefined : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/**
 * The SMTP side of the catcher: any sender, any recipient, no authentication and no TLS (it listens on this
 * machine only). Each message is parsed and handed to the mailbox, which keeps one per Message-ID.
 */
export function createSmtpCatcher(mailbox: Mailbox, log: Log): SMTPServer {
  let unnamed = 0;
  const server = new SMTPServer({
    banner: 'Utsav message catcher: nothing sent here leaves this machine',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 30_000,
    closeTimeout: 1_000,
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      readCapped(stream, MAX_MESSAGE_BYTES)
        .then(async (raw) => {
          if (!raw) return callback(); // the server answers 552 (rejectOversized)
          const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
          unnamed += parsed.messageId ? 0 : 1;
          const email = mailbox.receiveEmail({
            // a message without one is its own (as a mailbox would file it)
            messageId: parsed.messageId ?? `<no-message-id-${session.id}-${unnamed}@message-catcher.local>`,
            from: addressText(parsed.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          });
          log.info({ id: email.id, messageId: email.messageId, to: email.to, timesReceived: email.timesReceived }, 'email caught');
          callback();
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'email not readable');
          callback(Object.assign(new Error('Message could not be read'), { responseCode: 554 }));
        });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'SMTP connection error'));
  return server;
}
