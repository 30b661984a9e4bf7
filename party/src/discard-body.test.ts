import { describe, expect, it } from 'vitest';
import { DISCARD_LIMIT_BYTES, discardBody } from './discard-body.ts';

/** A streamed body that records how far it was pulled and whether it was cancelled. */
function streamedRequest(chunks: number, chunkBytes: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request('http://rooms.test/parties/rooms/user-u1', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, seen };
}

describe('discardBody', () => {
  it('reads a small body to its end', async () => {
    const { request, seen } = streamedRequest(3, 100);
    await discardBody(request);
    expect(seen).toEqual({ pulled: 3, cancelled: false });
    expect(request.bodyUsed).toBe(true);
  });

  it('cancels a body larger than the limit instead of reading it all', async () => {
    const { request, seen } = streamedRequest(1_000, 1_024);
    await discardBody(request);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(1_000);
    expect(seen.pulled * 1_024).toBeGreaterThan(DISCARD_LIMIT_BYTES);
  });

  it('does nothing for a request without a body or one already read', async () => {
    await expect(discardBody(new Request('http://rooms.test/'))).resolves.toBeUndefined();
    const read = new Request('http://rooms.test/', { method: 'POST', body: 'x' });
    await read.text();
    await expect(discardBody(read)).resolves.toBeUndefined();
  });
});
