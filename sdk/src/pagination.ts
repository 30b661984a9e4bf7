/** What every paged answer carries besides its items. */
export interface PageInfo {
  total: number;
  page: number;
  limit: number;
}

/**
 * The answer of a list method: a `Promise` of one page (await it as before) that is also an async
 * iterable over the items of this page and every page after it, fetched one page at a time as the
 * loop goes on. `pages()` iterates whole pages instead. Breaking out of the loop stops fetching;
 * the call's `signal` cancels the page in flight.
 *
 * @example
 * ```ts
 * const first = await api.meetings.list({ status: 'future' }); // one page: { sessions, total, page, limit }
 * for await (const meeting of api.meetings.list({ status: 'future' })) console.log(meeting.id); // all of them
 * for await (const page of api.meetings.list().pages()) console.log(page.page, page.sessions.length);
 * ```
 */
export type PagedCall<TPage extends PageInfo, TItem> = Promise<TPage> &
  AsyncIterable<TItem> & {
    /** Every page in turn, starting with the one this call asked for. */
    pages(): AsyncIterable<TPage>;
  };

/**
 * Builds a {@link PagedCall}: `fetchPage()` fetches the page the caller asked for (at once, like any
 * call); `fetchPage(n)` fetches page `n` while iterating. Iteration ends after the page that
 * reaches `total`, or at the first empty page.
 *
 * @example
 * ```ts
 * return paged((page) => fetchSessions(page === undefined ? query : { ...query, page }, options), (p) => p.sessions);
 * ```
 */
export function paged<TPage extends PageInfo, TItem>(
  fetchPage: (page?: number) => Promise<TPage>,
  items: (page: TPage) => readonly TItem[],
): PagedCall<TPage, TItem> {
  const first = fetchPage();
  async function* pages(): AsyncGenerator<TPage> {
    let current = await first;
    for (;;) {
      yield current;
      const count = items(current).length;
      if (count === 0 || current.page * current.limit >= current.total) return;
      current = await fetchPage(current.page + 1);
    }
  }
  async function* all(): AsyncGenerator<TItem> {
    for await (const page of pages()) yield* items(page);
  }
  return Object.assign(first, { pages, [Symbol.asyncIterator]: all });
}
