import { ATTACHMENT_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@fm/sdk/contracts';

export const IMAGE_FILE_MESSAGES = {
  oneFile: 'Please choose one image.',
  type: 'Please choose a JPEG or PNG image.',
  size: `The image must be ${IMAGE_MAX_BYTES / (1024 * 1024)} MB or smaller.`,
} as const;

/** The `accept` attribute of image inputs: JPEG and PNG only (user-area §5). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/**
 * Why a chosen image cannot be used, or null when it can: exactly one file, JPEG or PNG, at most
 * the upload limit (rule 13). Checked before anything is uploaded.
 *
 * @example
 * ```ts
 * imageFileProblem([new File(['x'], 'a.gif', { type: 'image/gif' })]); // 'Please choose a JPEG or PNG image.'
 * ```
 */
export function imageFileProblem(
  files: readonly Pick<File, 'type' | 'size'>[],
  { single = true }: { single?: boolean } = {},
): string | null {
  if (files.length === 0 || (single && files.length > 1)) return IMAGE_FILE_MESSAGES.oneFile;
  for (const file of files) {
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      return IMAGE_FILE_MESSAGES.type;
    }
    if (file.size > IMAGE_MAX_BYTES) return IMAGE_FILE_MESSAGES.size;
  }
  return null;
}

/** The first bytes of a JPEG (SOI and a marker) and of a PNG (its eight-byte signature). */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** Decodes an image or rejects: the browser's `createImageBitmap`, where there is one. */
async function decodeInBrowser(file: Blob): Promise<void> {
  if (typeof createImageBitmap !== 'function') return;
  const bitmap = await createImageBitmap(file);
  bitmap.close();
}

/**
 * Why a file that passed `imageFileProblem` still cannot be cropped, or null: the server checks
 * images by content (rule 13), so the name and type the browser guessed from it are not enough — the
 * bytes must start as a JPEG or PNG and decode. Checked before the crop dialog opens, which could
 * otherwise only show an empty stage.
 *
 * @example
 * ```ts
 * await imageContentProblem(new File(['hello'], 'notimg.png', { type: 'image/png' })); // 'Please choose a JPEG or PNG image.'
 * ```
 */
export async function imageContentProblem(
  file: Blob,
  { decode = decodeInBrowser }: { decode?: (file: Blob) => Promise<void> } = {},
): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  if (!startsWith(head, JPEG_SIGNATURE) && !startsWith(head, PNG_SIGNATURE)) {
    return IMAGE_FILE_MESSAGES.type;
  }
  try {
    await decode(file);
  } catch {
    return IMAGE_FILE_MESSAGES.type;
  }
  return null;
}

export const DOCUMENT_FILE_MESSAGES = {
  type: 'Please choose a PDF file.',
  size: `The file must be ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB or smaller.`,
} as const;

/** Documents and FDD files: PDF. */
export const DOCUMENT_ACCEPT = 'application/pdf';

/** Why a chosen document cannot be uploaded, or null. */
export function documentFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type !== DOCUMENT_ACCEPT) return DOCUMENT_FILE_MESSAGES.type;
  if (file.size > ATTACHMENT_MAX_BYTES) return DOCUMENT_FILE_MESSAGES.size;
  return null;
}
