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

/** Checks a server session's id (the host server's credential, server-sessions.ts); resolves with its user or rejects with an HttpError (401 or 503). */
export type SessionCookieVerifier = (sessionId: string) => Promise<AuthUser>;

/**
 * Resolves when the Firebase user `uid` may still use a server session made at `createdAtMs` (not deleted, not
 * disabled, sessions not revoked since); else rejects with an HttpError (401 or 503).
 */
export type SessionUserCheck = (uid: string, createdAtMs: number) => Promise<void>;

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
