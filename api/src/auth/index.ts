export type { AuthAccounts, AuthUser, TokenVerifier } from './auth-user';
export { authPlugin, assertOwner, currentUser, ownerOnly, signedIn } from './auth-plugin';
export {
  AUTH_SESSIONS_NOT_REVOKED,
  AUTH_USER_NOT_REMOVED,
  createFirebaseAuthentication,
  tokenErrorToHttp,
} from './firebase-token-verifier';
