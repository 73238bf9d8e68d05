import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStore, StoredFile } from './media-store';
import { isFileName } from './media-store';
import { extensionOf, mimeTypeOf } from './mime-types';

/** Files on the local disk under `DATA_DIR/media/<tenant id>/`. */
export class LocalMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private path(tenantId: number, name: string): string {
    return join(this.root, String(tenantId), name);
  }

  async put(tenantId: number, bytes: Uint8Array, mimeType: string): Promise<StoredFile> {
    const name = `${randomBytes(16).toString('hex')}.${extensionOf(mimeType)}`;
    await mkdir(join(this.root, String(tenantId)), { recursive: true });
    await writeFile(this.path(tenantId, name), bytes, { flag: 'wx' });
    return { name, mimeType: mimeTypeOf(name), size: bytes.byteLength };
  }

  async get(tenantId: number, name: string): Promise<{ file: StoredFile; bytes: Uint8Array } | null> {
    if (!isFileName(name)) return null;
    const bytes = await readFile(this.path(tenantId, name)).catch(() => null);
    return bytes && { file: { name, mimeType: mimeTypeOf(name), size: bytes.byteLength }, bytes };
  }

  async delete(tenantId: number, name: string): Promise<boolean> {
    if (!isFileName(name)) return false;
    try {
      await rm(this.path(tenantId, name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
