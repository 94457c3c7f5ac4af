import type { ServiceCategory } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/http-error';
import { parse } from '../../http/parse';
import type { CatalogRepository } from '../catalog-repository';
import { renderServiceImage } from './service-image-svg';

const fileParams = z.object({ fileName: z.string() });
const SVG_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.svg$/;
// an image id never changes what it draws, so browsers may keep it for good
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// opened on its own, the SVG may not load or run anything; its presentation attributes need no CSS
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * `GET /media/services/{imageId}.svg`: the catalog's images, drawn on request from the image row
 * (category, size, role). Public, like the catalog. Unknown ids and other names are a JSON 404.
 */
export function registerMediaRoutes(app: FastifyInstance, catalog: Pick<CatalogRepository, 'findImage'>): void {
  app.get('/media/services/:fileName', async (request, reply) => {
    const { fileName } = parse(fileParams, request.params);
    const imageId = SVG_FILE.exec(fileName)?.[1];
    const image = imageId ? await catalog.findImage(imageId) : null;
    if (!image) throw notFound('Image not found');
    const svg = renderServiceImage({ ...image, category: image.category as ServiceCategory });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', CACHE_FOREVER)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', SVG_POLICY)
      .send(svg);
  });
}

/** The public address of an image, as the catalog answers carry it. */
export const serviceImageUrl = (publicApiUrl: string) => (imageId: string) => `${publicApiUrl}/media/services/${imageId}.svg`;
