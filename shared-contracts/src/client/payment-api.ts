// By package name, not a relative path: at run time this resolves to the one shared contracts
// instance (store, config, session, ApiError) instead of a private copy inside this subpath's chunk.
import { apiRequest } from '@utsav/contracts';
import { checkedAnswer } from './checked-answer';
import type { CreateOrderRequest, CreateOrderResponse, Offer, PaymentConfig, PaymentResult, VerifyPaymentResponse } from '../domain/schemas/payment';

/**
 * The payments service (spec §7) and the cart's offers, as the signed-in user. A subpath of its
 * own, `@utsav/contracts/payment`, so zod stays out of the shared contracts chunk; each answer is checked
 * by schemas loaded with it (checked-answer.ts), so a page that only names these calls (through
 * `@utsav/contracts/resources`) does not bring zod with its first load.
 */
const paymentSchemas = () => import('../domain/schemas/payment');

export async function createPaymentOrder(request: CreateOrderRequest): Promise<CreateOrderResponse> {
  const answer = apiRequest<unknown>('/payment/create_order', { method: 'POST', body: request, auth: true });
  return checkedAnswer(paymentSchemas(), (schemas) => schemas.createOrderResponseSchema, answer);
}

export async function verifyPayment(result: PaymentResult): Promise<VerifyPaymentResponse> {
  const answer = apiRequest<unknown>('/payment/verify_payment', { method: 'POST', body: result, auth: true });
  return checkedAnswer(paymentSchemas(), (schemas) => schemas.verifyPaymentResponseSchema, answer);
}

export type { PaymentConfig } from '../domain/schemas/payment';

/** Where the provider's checkout script lives and which public key opens it (from the API's env). */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return checkedAnswer(paymentSchemas(), (schemas) => schemas.paymentConfigSchema, apiRequest<unknown>('/payment/config', { signal }));
}

export async function getOffers(signal?: AbortSignal): Promise<Offer[]> {
  const list = await checkedAnswer(paymentSchemas(), (schemas) => schemas.offerListSchema, apiRequest<unknown>('/offers', { signal }));
  return list.results;
}
