import type { Database } from '../db';
import type { StoredImage } from './upload-storage';

/** What one user may keep stored at a time (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_BYTES). */
export interface UploadQuota {
  files: number;
  bytes: number;
}

/** A recorded upload (the uploads table, migrations/002_uploads.sql). */
export interface UploadRow {
  id: string;
  uid: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  createdAt: Date;
}

/** What one user has stored now. */
export interface UploadUsage {
  files: number;
  bytes: number;
}

export interface UploadRepository {
  usage(uid: string): Promise<UploadUsage>;
  /**
   * Records a stored file as the user's (so it can be found, and deleted with the account) if it fits
   * their quota; null when it does not. Checked and inserted under a per-user lock: two uploads at once
   * cannot both take the last place.
   */
  recordWithinQuota(uid: string, file: StoredImage, quota: UploadQuota): Promise<UploadRow | null>;
  findByFileName(fileName: string): Promise<UploadRow | null>;
  /**
   * Deletes up to `limit` rows of uploads created before `createdBefore` whose file no profile's photo
   * url names (anyone's: urls are public) and no message carries; answers their file names, whose files are the caller's to remove.
   */
  deleteUnused(createdBefore: Date, limit: number): Promise<string[]>;
}

interface UploadSqlRow {
  id: string;
  uid: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: Date | string;
}

const toRow = (row: UploadSqlRow): UploadRow => ({
  id: row.id,
  uid: row.uid,
  fileName: row.file_name,
  contentType: row.content_type,
  byteSize: row.byte_size,
  createdAt: new Date(row.created_at),
});

const USAGE_SQL = 'SELECT count(*)::int AS files, coalesce(sum(byte_size), 0)::bigint AS bytes FROM uploads WHERE uid = $1';

// one lock per user, taken for the transaction: the quota check and the insert see every upload before them
const LOCK_USER_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('uploads:' || $1, 0))";

const COLUMNS = 'id::text AS id, uid, file_name, content_type, byte_size, created_at';

const INSERT_SQL = `INSERT INTO uploads (uid, file_name, content_type, byte_size) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`;

const FIND_BY_FILE_NAME_SQL = `SELECT ${COLUMNS} FROM uploads WHERE file_name = $1`;

// upload_file_name_of (migrations/010_upload_cleanup.sql) is indexed on consumers, messages' photos by GIN (034): one
// lookup each per candidate; a photo sent in a message is kept as long as the message
const DELETE_UNUSED_SQL = `
  DELETE FROM uploads u
  WHERE u.id IN (
    SELECT c.id FROM uploads c
    WHERE c.created_at < $1
      AND NOT EXISTS (SELECT 1 FROM consumers p WHERE upload_file_name_of(p.profile_photo_url) = c.file_name)
      AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.photos @> ARRAY[c.file_name])
    ORDER BY c.created_at
    LIMIT $2
  )
  RETURNING u.file_name`;

export function createUploadRepository(db: Database): UploadRepository {
  return {
    async usage(uid) {
      const [row] = await db.query<{ files: number; bytes: string | number }>(USAGE_SQL, [uid]);
      return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    recordWithinQuota(uid, file, quota) {
      return db.transaction(async (session) => {
        await session.query(LOCK_USER_SQL, [uid]);
        const [used] = await session.query<{ files: number; bytes: string | number }>(USAGE_SQL, [uid]);
        const files = used?.files ?? 0;
        const bytes = Number(used?.bytes ?? 0);
        if (files + 1 > quota.files || bytes + file.byteSize > quota.bytes) return null;
        const [row] = await session.query<UploadSqlRow>(INSERT_SQL, [uid, file.fileName, file.contentType, file.byteSize]);
        if (!row) throw new Error(`Upload ${file.fileName} was not recorded`);
        return toRow(row);
      });
    },

    async findByFileName(fileName) {
      const [row] = await db.query<UploadSqlRow>(FIND_BY_FILE_NAME_SQL, [fileName]);
      return row ? toRow(row) : null;
    },

    async deleteUnused(createdBefore, limit) {
      const rows = await db.query<{ file_name: string }>(DELETE_UNUSED_SQL, [createdBefore.toISOString(), limit]);
      return rows.map((row) => row.file_name);
    },
  };
}
