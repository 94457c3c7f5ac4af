import type { IncomingMessage } from 'node:http';

/**
 * For routes that answer before the client has finished sending (an upload rejected half-way, a 401
 * before the body was read): reads and drops the rest of the body, so the client gets to read the
 * answer instead of a reset connection, and the connection stays usable. A client still sending after
 * maxBytes more is disconnected. Call it as the answer goes out (an onSend hook).
 */
export function discardRequestBody(raw: IncomingMessage, maxBytes: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  // whatever was reading the body (the multipart parser) is done with it
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) raw.destroy();
  });
  raw.resume();
}
