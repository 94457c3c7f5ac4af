export type { AuthAccounts, AuthUser, SessionCookieMinter, SessionCookieVerifier, TokenVerifier } from './auth-user';
export { authPlugin, assertOwner, currentUser } from './auth-plugin';
export {
  AUTH_SESSIONS_NOT_REVOKED,
  INVALID_ID_TOKEN,
  INVALID_SESSION_COOKIE,
  AUTH_USER_NOT_REMOVED,
  createFirebaseAuthentication,
  tokenErrorToHttp,
} from './firebase-token-verifier';
