import type { ChatAttachment } from '@fm/sdk/contracts';

/**
 * Gives attachments a URL the browser can show: the files are private to the chat, so they are
 * fetched with the user's credentials (not by an `<img src>`, which cannot send them) and shown
 * from an object URL. Each file is fetched once per widget; `dispose` frees them all.
 *
 * @example
 * const loader = createAttachmentLoader((a) => api.messages.fetchAttachment(a));
 * img.src = await loader.objectUrl(attachment);
 */
export interface AttachmentLoader {
  objectUrl(attachment: ChatAttachment): Promise<string>;
  dispose(): void;
}

/** URLs the browser can show as they are (stories, previews). */
const DIRECT = /^(data|blob):/i;

/**
 * Creates a loader over a function that downloads one attachment as a Blob.
 *
 * @example
 * createAttachmentLoader((a) => api.messages.fetchAttachment(a));
 */
export function createAttachmentLoader(
  download: (attachment: ChatAttachment) => Promise<Blob>,
): AttachmentLoader {
  const cache = new Map<string, Promise<string>>();
  const made: string[] = [];
  let disposed = false;
  return {
    objectUrl(attachment) {
      if (DIRECT.test(attachment.url)) return Promise.resolve(attachment.url);
      const known = cache.get(attachment.id);
      if (known) return known;
      const loading = download(attachment).then((blob) => {
        const url = URL.createObjectURL(blob);
        if (disposed) URL.revokeObjectURL(url);
        else made.push(url);
        return url;
      });
      // A failed download may be tried again (the next render asks anew).
      loading.catch(() => cache.delete(attachment.id));
      cache.set(attachment.id, loading);
      return loading;
    },
    dispose() {
      disposed = true;
      for (const url of made) URL.revokeObjectURL(url);
      made.length = 0;
      cache.clear();
    },
  };
}
