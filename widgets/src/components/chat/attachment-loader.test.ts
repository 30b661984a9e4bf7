import type { ChatAttachment } from '@fm/sdk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAttachmentLoader } from './attachment-loader.ts';

const attachment = (id: string, url = `/api/chats/attachments/${id}`): ChatAttachment => ({
  id,
  kind: 'image',
  url,
  name: `${id}.png`,
  mime: 'image/png',
  size: 10,
});

describe('attachment loader', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads each file once and frees the URLs on dispose', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:test/${created.length}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
      revoked.push(url);
    });
    const downloads: string[] = [];
    const loader = createAttachmentLoader(async (a) => {
      downloads.push(a.id);
      return new Blob(['x']);
    });
    const [first, again, other] = await Promise.all([
      loader.objectUrl(attachment('a')),
      loader.objectUrl(attachment('a')),
      loader.objectUrl(attachment('b')),
    ]);
    expect(first).toBe(again);
    expect(other).not.toBe(first);
    expect(downloads).toEqual(['a', 'b']);
    loader.dispose();
    expect(revoked.sort()).toEqual(created.sort());
  });

  it('uses data and blob URLs as they are', async () => {
    const loader = createAttachmentLoader(() => Promise.reject(new Error('no download')));
    await expect(loader.objectUrl(attachment('a', 'data:image/png;base64,AA=='))).resolves.toBe(
      'data:image/png;base64,AA==',
    );
  });

  it('tries a failed download again on the next request', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/ok');
    let calls = 0;
    const loader = createAttachmentLoader(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return new Blob(['x']);
    });
    await expect(loader.objectUrl(attachment('a'))).rejects.toThrow('offline');
    await expect(loader.objectUrl(attachment('a'))).resolves.toBe('blob:test/ok');
  });
});
