import { getService } from '@utsav/contracts/catalog';
import type { ServiceDetail } from '@utsav/contracts/schemas';
import { warmingCovers } from '../../shared/covers';
import { type ApiState, isNotFound, preloadAnswer, toast, useApi } from '@utsav/contracts';

export const SERVICE_LOAD_FAILED = 'Failed to load service details';
export const SERVICE_NOT_FOUND = 'Service not found';
export const SERVICE_ERROR_TEXT = 'Error loading service.';

function onServiceError(error: unknown) {
  toast.error(isNotFound(error) ? SERVICE_NOT_FOUND : SERVICE_LOAD_FAILED, { dedupe: true });
}

const preloadKey = (serviceId: string) => `catalog/service/${serviceId}`;

/** Asks for the service before its page renders (a page's `preload`). */
export function preloadService(serviceId: string): void {
  if (serviceId) preloadAnswer(preloadKey(serviceId), () => warmingCovers(getService(serviceId), (service) => [service]));
}

/** GET /services/{id} for the service and package pages, with the spec's failure toasts (§8). */
export function useService(serviceId: string): ApiState<ServiceDetail> {
  return useApi((signal) => getService(serviceId, signal), [serviceId], { onError: onServiceError, preloaded: preloadKey(serviceId) });
}
