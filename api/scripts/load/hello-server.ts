/**
 * The yardstick of bench:load: a bare Fastify server (the API's Fastify version, no logger, no plugins)
 * answering GET / with {hello:'world'}, and GET /sized with a fixed JSON body as large as a page of
 * search results (~16 KB), to tell the cost of moving the bytes from the cost of the API's work.
 * Listens on PORT at 127.0.0.1.
 */
import Fastify from 'fastify';

const SEARCH_SIZED = {
  results: Array.from({ length: 20 }, (_, index) => ({
    serviceId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: 'Candid Wedding Photography by a Studio',
    description: 'Full-day candid and traditional coverage of the wedding, edited photos and a highlights film. '.repeat(5),
    category: 'Photography',
    location: { city: 'Mumbai', state: 'Maharashtra' },
    price: 2_500_000,
    mainImage: { url: `http://localhost:4000/media/services/${index}.svg`, width: 800, height: 600, alt: 'A photo' },
    rating: 4.6,
    reviewCount: 120,
  })),
  total: 1159,
  limit: 20,
  offset: 0,
};

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/sized', async () => SEARCH_SIZED);

const port = Number(process.env.PORT);
app.listen({ port, host: '127.0.0.1' }).then(
  (address) => console.log(`hello listening on ${address}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
