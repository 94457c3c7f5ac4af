// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest } from '@utsav/contracts';
import {
  createOrderResponseSchema,
  offerListSchema,
  paymentConfigSchema,
  verifyPaymentResponseSchema,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Offer,
  type PaymentConfig,
  type PaymentResult,
  type VerifyPaymentResponse,
} from '../domain/schemas/payment';

/**
 * The payments service (spec §7) and the cart's offers, as the signed-in user. A subpath of its
 * own, `@utsav/contracts/payment`, so zod stays out of the shared contracts chunk.
 */
export async function createPaymentOrder(request: CreateOrderRequest): Promise<CreateOrderResponse> {
  const body = await apiRequest<unknown>('/payment/create_order', { method: 'POST', body: request, auth: true });
  return createOrderResponseSchema.parse(body);
}

export async function verifyPayment(result: PaymentResult): Promise<VerifyPaymentResponse> {
  const body = await apiRequest<unknown>('/payment/verify_payment', { method: 'POST', body: result, auth: true });
  return verifyPaymentResponseSchema.parse(body);
}

export type { PaymentConfig } from '../domain/schemas/payment';

/** Where the provider's checkout script lives and which public key opens it (from the API's env). */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return paymentConfigSchema.parse(await apiRequest<unknown>('/payment/config', { signal }));
}

export async function getOffers(signal?: AbortSignal): Promise<Offer[]> {
  return offerListSchema.parse(await apiRequest<unknown>('/offers', { signal })).results;
}
