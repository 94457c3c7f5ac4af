import type { FastifyBaseLogger } from 'fastify';
import type { UploadRepository } from './upload-repository';
import type { UploadStorage } from './upload-storage';

/** Rows deleted per statement: a large backlog goes in several short transactions. */
const BATCH = 200;

export interface UploadCleanupDeps {
  uploads: UploadRepository;
  storage: UploadStorage;
  /** UPLOAD_UNUSED_GRACE_MS */
  graceMs: number;
  log: FastifyBaseLogger;
  /** the clock, in ms (tests move it forward) */
  now?: () => number;
}

export interface UploadCleanup {
  /**
   * Deletes every upload older than the grace period that no profile uses: the row first, then the file
   * (a file left behind is only disk space, a row without its file would be a broken link). Answers how many.
   */
  deleteUnused(): Promise<number>;
}

export function createUploadCleanup({ uploads, storage, graceMs, log, now = Date.now }: UploadCleanupDeps): UploadCleanup {
  return {
    async deleteUnused() {
      const createdBefore = new Date(now() - graceMs);
      let deleted = 0;
      for (;;) {
        const fileNames = await uploads.deleteUnused(createdBefore, BATCH);
        for (const fileName of fileNames) {
          try {
            await storage.remove(fileName);
          } catch (error) {
            log.warn({ err: error, fileName }, 'upload cleanup: could not remove a file');
          }
        }
        deleted += fileNames.length;
        if (fileNames.length < BATCH) break;
      }
      if (deleted > 0) log.info({ deleted }, 'upload cleanup: unused uploads deleted');
      return deleted;
    },
  };
}
