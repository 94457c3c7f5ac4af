/** Who made the request, from a verified Firebase ID token. */
export interface AuthUser {
  uid: string;
  /** E.164 phone number of a phone sign-in, else null */
  phone: string | null;
  /** when the credential it was verified from expires (ms since the epoch), when known: a live stream ends then */
  expiresAt?: number;
}

/** Checks a Firebase ID token; resolves with its user or rejects with an HttpError (401 or 503). */
export type TokenVerifier = (idToken: string) => Promise<AuthUser>;

/** Checks a Firebase session cookie (the host server's credential); resolves with its user or rejects with an HttpError (401 or 503). */
export type SessionCookieVerifier = (sessionCookie: string) => Promise<AuthUser>;

/** Makes a Firebase session cookie from a verified ID token, valid for `maxAgeMs`; rejects with an HttpError (401 or 503). */
export type SessionCookieMinter = (idToken: string, maxAgeMs: number) => Promise<string>;

/** The Firebase side of a user's account, as account deletion needs it. Both reject with an HttpError (503) when Firebase cannot be reached. */
export interface AuthAccounts {
  /**
   * Ends every session of the user: their refresh tokens stop working, their ID tokens are refused from now on
   * (by Firebase's revocation check, and at once by this process's token cache). A missing user is not an error.
   */
  revokeSessions(uid: string): Promise<void>;
  /** Deletes the Firebase user; an already missing user is not an error. */
  removeUser(uid: string): Promise<void>;
}
