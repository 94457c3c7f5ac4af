import type { ServiceCategory } from '@utsav/contracts/schemas';
import { z } from 'zod';
import {
  isServiceImageWidth,
  parseServiceImageName,
  SERVICE_IMAGE_TYPES,
  SERVICE_IMAGE_WIDTHS,
} from '@utsav/contracts/service-images';
import { badRequest, notFound } from '../../http/http-error';
import { fileAnswer, type ApiPlugin } from '../../http/route-schemas';
import type { CatalogRepository, ServiceImageInfo } from '../catalog-repository';
import { createServiceImageRasters, type RasterSource, type ServiceImageRasters } from './service-image-raster';
import { renderServiceImage } from './service-image-svg';

const fileParams = z.object({ fileName: z.string() });
const SVG_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.svg$/;
// an image id never changes what it draws, so browsers may keep it for good
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// opened on its own, the SVG may not load or run anything; its presentation attributes need no CSS
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The catalog's images, drawn on request from the image row (category, size, role). Public, like the
 * catalog; every address is immutable.
 *
 * - `GET /media/services/{imageId}-{width}.{avif|webp}`: what pages show (the addresses the contracts'
 *   service-images.ts builds), a raster `width` pixels wide (one of SERVICE_IMAGE_WIDTHS; another width
 *   is a 400 naming them), made with sharp and kept in memory (service-image-raster.ts). Pages reach it
 *   on their own origin: the host server hands `/media/` to this API.
 * - `GET /media/services/{imageId}.svg`: the drawing itself, at its stored size.
 *
 * Unknown ids and other names are a JSON 404.
 */
export interface MediaRoutesOptions {
  catalog: Pick<CatalogRepository, 'findImage'>;
  rasters?: ServiceImageRasters;
}

export const mediaRoutes: ApiPlugin<MediaRoutesOptions> = async (app, { catalog, rasters = createServiceImageRasters() }) => {
  const picture = { params: fileParams, response: { 200: fileAnswer('the picture', 'image/avif', 'image/webp', 'image/svg+xml') } };
  app.get('/media/services/:fileName', { schema: picture }, async (request, reply) => {
    const { fileName } = request.params;
    const raster = parseServiceImageName(fileName);
    if (raster) {
      if (!isServiceImageWidth(raster.width)) {
        const widths = SERVICE_IMAGE_WIDTHS.join(', ');
        throw badRequest('media.widthNotOffered', { widths });
      }
      // a raster already made is answered without asking the database
      const body = await rasters.get(raster.imageId, raster.width, raster.format, async () => sourceOf(await catalog.findImage(raster.imageId)));
      if (!body) throw notFound('upload.imageNotFound');
      return reply.type(SERVICE_IMAGE_TYPES[raster.format]).header('Cache-Control', CACHE_FOREVER).header('X-Content-Type-Options', 'nosniff').send(body);
    }
    const imageId = SVG_FILE.exec(fileName)?.[1];
    const image = sourceOf(imageId ? await catalog.findImage(imageId) : null);
    if (!image) throw notFound('upload.imageNotFound');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', CACHE_FOREVER)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', SVG_POLICY)
      .send(image.svg());
  });
};

/** An image row as what it is drawn from, or null for none. */
function sourceOf(image: ServiceImageInfo | null): RasterSource | null {
  if (!image) return null;
  return { svg: () => renderServiceImage({ ...image, category: image.category as ServiceCategory }), width: image.width, height: image.height };
}
