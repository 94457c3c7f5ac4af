import { catalogResources } from '@utsav/contracts/resources';
import type { ServiceDetail } from '@utsav/contracts/schemas';
import { PICTURE_SIZES, prefetchWithCovers } from '../../shared/covers';
import { type ApiState, isNotFound, toast, useApi } from '@utsav/contracts';
import { translateCatalog } from '../../i18n';

function onServiceError(error: unknown) {
  toast.error(translateCatalog(isNotFound(error) ? 'service.notFound' : 'service.loadFailed'), { dedupe: true });
}

/** Asks for the service before its page renders (a page's `preload`). */
export function preloadService(serviceId: string): void {
  if (serviceId) prefetchWithCovers(catalogResources.service(serviceId), (service) => [service], PICTURE_SIZES.carousel);
}

/** GET /services/{id} for the service and package pages, with the spec's failure toasts (§8). */
export function useService(serviceId: string): ApiState<ServiceDetail> {
  return useApi(catalogResources.service(serviceId), { onError: onServiceError });
}
