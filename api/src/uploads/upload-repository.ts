import { eq } from 'drizzle-orm';
import type { Orm } from '../db';
import { uploads, type UploadRow } from '../db/schema';
import type { StoredImage } from './upload-storage';

export interface UploadRepository {
  /** Records a stored file as the user's, so it can be found (and deleted) with the account. */
  record(uid: string, file: StoredImage): Promise<UploadRow>;
  findByFileName(fileName: string): Promise<UploadRow | null>;
}

export function createUploadRepository(orm: Orm): UploadRepository {
  return {
    async record(uid, file) {
      const [row] = await orm
        .insert(uploads)
        .values({ uid, fileName: file.fileName, contentType: file.contentType, byteSize: file.byteSize })
        .returning();
      if (!row) throw new Error(`Upload ${file.fileName} was not recorded`);
      return row;
    },

    async findByFileName(fileName) {
      const [row] = await orm.select().from(uploads).where(eq(uploads.fileName, fileName)).limit(1);
      return row ?? null;
    },
  };
}
