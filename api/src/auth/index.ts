export type { AuthUser, AuthUserRemover, TokenVerifier } from './auth-user';
export { authPlugin, assertOwner, currentUser } from './auth-plugin';
export { AUTH_USER_NOT_REMOVED, createFirebaseTokenVerifier, createFirebaseUserRemover, tokenErrorToHttp } from './firebase-token-verifier';
