import type { FavoriteToggleResult } from '@fm/sdk/contracts';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { favouriteToggle } from './favourite-toggle.ts';

const key = ['favourites', 'consultant', 'c1'] as const;

/** A server call the test answers when it likes. */
function pendingCall() {
  let answer: (result: FavoriteToggleResult) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<FavoriteToggleResult>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { call: () => promise, answer, fail };
}

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(key, false);
  const server = pendingCall();
  const failures: unknown[] = [];
  const observer = new MutationObserver(
    queryClient,
    favouriteToggle(queryClient, key, server.call, (error) => failures.push(error)),
  );
  return { queryClient, server, failures, observer };
}

describe('favouriteToggle', () => {
  it('flips the heart before the server answers, and keeps what the server says', async () => {
    const { queryClient, server, failures, observer } = setUp();
    const done = observer.mutate();
    await expect.poll(() => queryClient.getQueryData(key)).toBe(true);
    server.answer({ isFavorite: true, total: 1 });
    await done;
    expect(queryClient.getQueryData(key)).toBe(true);
    expect(failures).toEqual([]);
  });

  it('puts the heart back and reports the failure when the server refuses', async () => {
    const { queryClient, server, failures, observer } = setUp();
    const done = observer.mutate().catch(() => undefined);
    await expect.poll(() => queryClient.getQueryData(key)).toBe(true);
    const refusal = new Error('Toggle favorite: Server is down');
    server.fail(refusal);
    await done;
    expect(queryClient.getQueryData(key)).toBe(false);
    expect(failures).toEqual([refusal]);
  });
});
