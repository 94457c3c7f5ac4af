import { apiText, type ApiMessage } from '../../src/http/api-messages';

/**
 * What the API answers when it refuses (src/http/http-error.ts): `{ code, params, message }`, the message id of
 * the API's catalogue, its values and its words (English: no Accept-Language).
 */
export const errorAnswer = (code: ApiMessage, params: Record<string, string> = {}) => ({ code, params, message: apiText('en-IN', code, params) });

/** An error answer known by its English words (a string, or a matcher such as expect.stringMatching). */
export const errorSaying = (message: unknown) => ({ code: expect.stringMatching(/^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/), params: expect.any(Object), message });
