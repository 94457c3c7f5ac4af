export type { AuthUser, TokenVerifier } from './auth-user';
export { authPlugin, assertOwner, currentUser } from './auth-plugin';
export { createFirebaseTokenVerifier, tokenErrorToHttp } from './firebase-token-verifier';
