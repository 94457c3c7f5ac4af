-- Server sessions (issue 34): the host server's session for server rendering is a record here, not a
-- self-contained cookie, so signing out ends it where it is used. The cookie holds a 256-bit random id;
-- only its SHA-256 is stored (id_hash), so reading this table gives no one a usable session. A session
-- reads only (GET/HEAD) and ends itself (DELETE /auth/session); "sign out of all devices" and account
-- deletion end every one of a user's. Expired and long-revoked rows are deleted when the user next signs in.
CREATE TABLE server_sessions (
  id_hash      text PRIMARY KEY CHECK (length(id_hash) = 43),
  uid          text NOT NULL CHECK (length(uid) BETWEEN 1 AND 128),
  -- the verified phone of the sign-in that made it (what GET /auth/session tells the host)
  phone        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX server_sessions_uid ON server_sessions (uid);
