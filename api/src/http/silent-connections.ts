import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/**
 * Closes, as the server starts closing, the connections that have not sent a request yet (a client's
 * spare connection: browsers and undici open them ahead of need). Node's server.close() closes idle
 * keep-alive connections itself but counts a new one as busy (its headers timeout runs), so without this
 * app.close() waits until the client hangs up (70 s for undici after an aborted download).
 */
export function closeSilentConnections(app: FastifyInstance): void {
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => silent.delete(request.socket));
  app.addHook('preClose', async () => {
    for (const socket of silent) socket.destroy();
  });
}
