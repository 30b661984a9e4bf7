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
 * the upload limit (D13). Checked before anything is uploaded.
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
