import type { AdminFile } from '@fm/sdk/contracts';

/**
 * The CSV of a `…/download` answer (rule 17: `{fileName, file}`, `file` the base64 of UTF-8 text), or
 * null when the answer holds no file ('Invalid file data').
 *
 * @example
 * ```ts
 * decodeCsvFile({ fileName: 'a.csv', file: btoa('id\n1\n') }); // { fileName: 'a.csv', text: 'id\n1\n' }
 * ```
 */
export function decodeCsvFile(
  answer: Partial<AdminFile> | null | undefined,
): { fileName: string; text: string } | null {
  if (!answer || typeof answer.file !== 'string' || answer.file === '') return null;
  try {
    const bytes = Uint8Array.from(atob(answer.file), (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { fileName: answer.fileName || 'download.csv', text };
  } catch {
    return null;
  }
}
