import fs from 'node:fs';
import path from 'node:path';
import type { FileStore } from './upload-storage';

/** Stored files in a folder of this machine (UPLOADS_DIR), created on the first write. */
export function localFileStore(dir: string): FileStore {
  return {
    async write(fileName, bytes) {
      await fs.promises.mkdir(dir, { recursive: true });
      // a dot name in the same folder: never served (not a stored name), and rename stays on one file system
      const tempPath = path.join(dir, `.${fileName}.tmp`);
      try {
        // wx: never overwrite; flush: on disk before the rename makes it visible
        await fs.promises.writeFile(tempPath, bytes, { flag: 'wx', flush: true });
        await fs.promises.rename(tempPath, path.join(dir, fileName));
      } catch (error) {
        await fs.promises.rm(tempPath, { force: true });
        throw error;
      }
    },

    async open(fileName) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(path.join(dir, fileName), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // autoClose (the default): the file is closed when the stream ends, fails or is destroyed; an open
        // file outlives its deletion
        return { stream: handle.createReadStream(), byteSize: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(fileName) {
      await fs.promises.rm(path.join(dir, fileName), { force: true });
    },
  };
}
