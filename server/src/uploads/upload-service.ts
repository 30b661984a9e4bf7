import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES, type UploadResult } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client.ts';
import { upload } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { FileStorage } from './storage.ts';

export type UploadKind = 'image' | 'document' | 'attachment';

/**
 * Chat attachments (rule 13): JPEG/PNG images (shown inline) and everyday documents. Formats with a
 * signature are recognised by their bytes; plain text has none, so it is accepted only as a
 * text file by name (`.txt`, `.csv`, …), and the old binary Office formats (one container format
 * shared with installers) only as `.doc`, `.xls` or `.ppt`.
 */
const CHAT_FILE_MIMES = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'application/rtf',
  'application/zip',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.apple.pages',
  'application/vnd.apple.numbers',
  'application/vnd.apple.keynote',
  'text/plain',
  'text/csv',
  'text/markdown',
] as const;

const TEXT_FILES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/plain',
  md: 'text/markdown',
};
const OLE_OFFICE_FILES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The type of a chat file from its bytes (and, where the bytes cannot tell, its name). */
function attachmentMime(detected: string | undefined, bytes: Uint8Array, name: string) {
  const ext = extensionOf(name);
  if (detected === 'application/x-cfb') return OLE_OFFICE_FILES[ext];
  if (detected) return detected;
  return TEXT_FILES[ext] && isPlainText(bytes) ? TEXT_FILES[ext] : undefined;
}

const ACCEPTED: Record<
  UploadKind,
  { mimes: readonly string[]; maxBytes: number; message: string }
> = {
  image: {
    mimes: ['image/jpeg', 'image/png'],
    maxBytes: IMAGE_MAX_BYTES,
    message: 'Only JPEG or PNG images are accepted',
  },
  document: {
    mimes: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: ATTACHMENT_MAX_BYTES,
    message: 'Only PDF documents or JPEG/PNG images are accepted',
  },
  attachment: {
    mimes: CHAT_FILE_MIMES,
    maxBytes: ATTACHMENT_MAX_BYTES,
    message: 'This file type is not accepted',
  },
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/rtf': 'rtf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
};

/** The checked bytes of one upload, not yet stored. */
export interface CheckedFile {
  bytes: Uint8Array;
  mime: string;
  name: string;
  kind: UploadKind;
}

export const fileUrl = (id: string) => `/api/files/${id}`;

/**
 * Uploads checked by content, never by name or declared type (rule 13): JPEG/PNG images up to 5 MB,
 * documents and attachments up to 20 MB; 413 and 415 otherwise, and nothing is stored.
 */
export function createUploadService(deps: { db: Db; storage: FileStorage }) {
  /** Reads and checks a file; throws 413/415 before anything is written. */
  async function check(file: File, kind: UploadKind): Promise<CheckedFile> {
    const rule = ACCEPTED[kind];
    if (file.size > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength === 0)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: rule.message });
    const detected = await fileTypeFromBuffer(bytes);
    const mime =
      kind === 'attachment' ? attachmentMime(detected?.mime, bytes, file.name) : detected?.mime;
    if (!mime || !rule.mimes.includes(mime))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: rule.message });
    return { bytes, mime, name: file.name.slice(0, 200), kind };
  }

  /** Stores checked files and records them; on failure removes what was written. */
  async function store(
    files: CheckedFile[],
    ownerId: string,
    options: { isPrivate?: boolean } = {},
  ): Promise<UploadResult[]> {
    const written: string[] = [];
    try {
      const results: UploadResult[] = [];
      for (const f of files) {
        const id = crypto.randomUUID();
        const key = `${f.kind}s/${id}.${EXTENSIONS[f.mime] ?? 'bin'}`;
        await deps.storage.put(key, f.bytes, f.mime);
        written.push(key);
        await deps.db.insert(upload).values({
          id,
          ownerId,
          kind: f.kind,
          key,
          mime: f.mime,
          size: f.bytes.byteLength,
          originalName: f.name,
          isPrivate: options.isPrivate ?? false,
        });
        results.push({ id, url: fileUrl(id), mime: f.mime, size: f.bytes.byteLength });
      }
      return results;
    } catch (error) {
      await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  /** Undo for uploads whose owning write failed. */
  async function discard(results: UploadResult[]): Promise<void> {
    for (const r of results) {
      const row = await deps.db.query.upload.findFirst({ where: eq(upload.id, r.id) });
      if (!row) continue;
      await deps.storage.delete(row.key).catch(() => undefined);
      await deps.db.delete(upload).where(eq(upload.id, r.id));
    }
  }

  return { check, store, discard, storage: deps.storage };
}

function isPlainText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  return sample.every((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b !== 127));
}

export type UploadService = ReturnType<typeof createUploadService>;
