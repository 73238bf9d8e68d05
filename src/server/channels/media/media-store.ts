/**
 * Where message media files live (DESIGN.md §5). Files are kept per tenant and named by the
 * server, so a name alone reaches a file only within the tenant of the asking user.
 */
export interface StoredFile {
  /** Server-made, unguessable, with an extension for the MIME type: `4f1c….jpg`. */
  name: string;
  mimeType: string;
  size: number;
}

export interface MediaStore {
  put(tenantId: number, bytes: Uint8Array, mimeType: string): Promise<StoredFile>;
  /** Null when the tenant has no such file. */
  get(tenantId: number, name: string): Promise<{ file: StoredFile; bytes: Uint8Array } | null>;
  /** False when the tenant had no such file. */
  delete(tenantId: number, name: string): Promise<boolean>;
}

/** The path clients fetch a stored file from (GET, signed-in users of the tenant; see http/files). */
export const fileUrl = (name: string): string => `/api/file/${name}`;

/** The stored file name inside a `fileUrl`, or null when the URL is not one of ours. */
export function fileNameOf(url: string | null | undefined): string | null {
  const match = /^\/api\/file\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(url ?? '');
  return match?.[1] ?? null;
}

/** A stored-file name: letters, digits, `-`, `_`, one dot and an extension; nothing path-like. */
export const isFileName = (name: string): boolean => /^[A-Za-z0-9_-]{8,64}\.[a-z0-9]{1,8}$/.test(name);
