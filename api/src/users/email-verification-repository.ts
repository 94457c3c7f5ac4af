import type { Query } from '../db';

/** A consumer's email as the verification sees it. */
export interface EmailStatus {
  email: string;
  verified: boolean;
}

const VERIFIED = 'email_verified IS NOT NULL AND email_verified = email';

/** The consumer's email and whether it is verified; null without a profile. */
export async function emailStatus(query: Query, uid: string): Promise<EmailStatus | null> {
  const [row] = await query<EmailStatus>(`SELECT email, ${VERIFIED} AS verified FROM consumers WHERE uid = $1`, [uid]);
  return row ? { email: row.email, verified: row.verified } : null;
}

/**
 * Inside a transaction: the consumer, locked until it ends (two requests at once cannot both pass the
 * minute's check), with their language and whether a link was sent in the last `withinMs`; null without a profile.
 */
export async function lockForSending(query: Query, uid: string, withinMs: number): Promise<(EmailStatus & { language: string | null; recent: boolean }) | null> {
  const [row] = await query<EmailStatus & { language: string | null; recent: boolean }>(
    `SELECT email, ${VERIFIED} AS verified, language,
            EXISTS (SELECT 1 FROM email_verifications v WHERE v.consumer_uid = c.uid
                    AND v.created_at > now() - make_interval(secs => $2::double precision / 1000)) AS recent
     FROM consumers c WHERE uid = $1 FOR UPDATE`,
    [uid, withinMs],
  );
  return row ?? null;
}

/** A link for `email`, known by its token's hash, open for `lifetimeMs`, and its email in the outbox. */
export async function storeLink(query: Query, link: { tokenHash: string; uid: string; email: string; lifetimeMs: number; subject: string; body: string }): Promise<void> {
  await query(
    `INSERT INTO email_verifications (token_hash, consumer_uid, email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000))`,
    [link.tokenHash, link.uid, link.email, link.lifetimeMs],
  );
  await query(`INSERT INTO notification_deliveries (channel, recipient, verification, subject, body) VALUES ('email', $1, $2, $3, $4)`, [
    link.email,
    link.tokenHash,
    link.subject,
    link.body,
  ]);
}

/**
 * Inside a transaction: the link of `tokenHash`, if it is open and was sent to the consumer's email as it is
 * now, verifies that email and spends every link of theirs (their deliveries go with them, sent or not).
 * Whether it did.
 */
export async function useLink(query: Query, tokenHash: string): Promise<boolean> {
  const [link] = await query<{ consumer_uid: string }>(
    `SELECT v.consumer_uid FROM email_verifications v JOIN consumers c ON c.uid = v.consumer_uid
     WHERE v.token_hash = $1 AND v.expires_at > now() AND v.email = c.email FOR UPDATE OF c`,
    [tokenHash],
  );
  if (!link) return false;
  await query('UPDATE consumers SET email_verified = email, updated_at = now() WHERE uid = $1', [link.consumer_uid]);
  await query('DELETE FROM email_verifications WHERE consumer_uid = $1', [link.consumer_uid]);
  return true;
}
