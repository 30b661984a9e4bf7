import { CHATS_PAGE_SIZE, type ChatMessage, type ChatSummary } from '@fm/sdk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toWidgetError, type WidgetError } from '../../widget-error.ts';
import { withChatRead, withMessage } from './chat-list-state.ts';
import type { ChatListViewState } from './chat-list-view.tsx';
import type { ChatSource } from './chat-ports.ts';

interface ListData {
  status: 'loading' | 'error' | 'ready';
  message: string;
  chats: readonly ChatSummary[];
  total: number;
  /** Pages loaded (1 after the first answer). */
  pages: number;
  loadingMore: boolean;
}

const INITIAL: ListData = {
  status: 'loading',
  message: '',
  chats: [],
  total: 0,
  pages: 0,
  loadingMore: false,
};

/** Chats of a refetched first page replace theirs; the ones of later pages stay behind them. */
function mergeFirstPage(
  known: readonly ChatSummary[],
  page: readonly ChatSummary[],
): readonly ChatSummary[] {
  const fresh = new Set(page.map((c) => c.id));
  return [...page, ...known.filter((c) => !fresh.has(c.id))].sort(
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
}

/**
 * The user's chats: the first page at once, more on demand, the first page again on `refresh`
 * (polling, reconnect, a chat it did not know), and local updates for live messages and reads.
 *
 * @example
 * const list = useChatList(source, { onError });
 */
export function useChatList(
  source: ChatSource,
  options: { enabled: boolean; onError: (error: WidgetError) => void },
) {
  const [data, setData] = useState<ListData>(INITIAL);
  const [version, setVersion] = useState(0);
  const onError = useRef(options.onError);
  useEffect(() => {
    onError.current = options.onError;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    if (!options.enabled) return;
    let current = true;
    source.list({ page: 1, limit: CHATS_PAGE_SIZE }).then(
      (page) => {
        if (!current) return;
        setData((before) => ({
          status: 'ready',
          message: '',
          chats: before.status === 'ready' ? mergeFirstPage(before.chats, page.data) : page.data,
          total: page.total,
          pages: Math.max(1, before.status === 'ready' ? before.pages : 1),
          loadingMore: false,
        }));
      },
      (error: unknown) => {
        if (!current) return;
        const failure = toWidgetError(error);
        // A failed refetch keeps the list on screen; only a first load shows the error.
        setData((before) =>
          before.status === 'ready'
            ? before
            : { ...INITIAL, status: 'error', message: failure.message },
        );
        onError.current(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [source, options.enabled, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const retry = useCallback(() => {
    setData(INITIAL);
    setVersion((v) => v + 1);
  }, []);

  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  });
  const more = useCallback(() => {
    const before = latest.current;
    if (before.status !== 'ready' || before.loadingMore) return;
    const page = before.pages + 1;
    setData((now) => ({ ...now, loadingMore: true }));
    source.list({ page, limit: CHATS_PAGE_SIZE }).then(
      (answer) =>
        setData((now) => ({
          ...now,
          chats: mergeFirstPage(answer.data, now.chats),
          total: answer.total,
          pages: page,
          loadingMore: false,
        })),
      (error: unknown) => {
        setData((now) => ({ ...now, loadingMore: false }));
        onError.current(toWidgetError(error));
      },
    );
  }, [source]);

  /** A message arrived or was sent; returns false when the chat is not loaded (refetch then). */
  const applyMessage = useCallback(
    (input: {
      chatId: string;
      message: ChatMessage;
      selfId: string;
      openChatId: string | null;
    }) => {
      const now = latest.current;
      // While the first page is loading, its answer will hold the chat.
      const known = now.status !== 'ready' || now.chats.some((c) => c.id === input.chatId);
      setData((before) => {
        if (before.status !== 'ready') return before;
        const chats = withMessage(before.chats, input);
        return chats === before.chats ? before : { ...before, chats };
      });
      return known;
    },
    [],
  );

  const applyRead = useCallback((chatId: string) => {
    setData((before) => {
      const chats = withChatRead(before.chats, chatId);
      return chats === before.chats ? before : { ...before, chats };
    });
  }, []);

  const view: ChatListViewState =
    data.status === 'loading'
      ? { status: 'loading' }
      : data.status === 'error'
        ? { status: 'error', message: data.message }
        : {
            status: 'ready',
            chats: data.chats,
            hasMore: data.chats.length < data.total,
            loadingMore: data.loadingMore,
          };

  return { view, chats: data.chats, refresh, retry, more, applyMessage, applyRead };
}
