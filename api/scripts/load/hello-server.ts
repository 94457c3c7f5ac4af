/**
 * The yardstick of bench:load: a bare Fastify server (the API's Fastify version, no logger, no plugins)
 * answering GET / with {hello:'world'}. Listens on PORT at 127.0.0.1.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
app.listen({ port, host: '127.0.0.1' }).then(
  (address) => console.log(`hello listening on ${address}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
