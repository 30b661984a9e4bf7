import type { RealtimeServerMessage } from '@fm/sdk/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ChatRealtime } from './chat-ports.ts';

export interface ChatLiveHandlers {
  /** Every frame of the user's room. */
  onFrame: (frame: RealtimeServerMessage) => void;
  /** The socket (re)opened: fetch what may have been missed while it was down. */
  onCatchUp: () => void;
}

/**
 * Live delivery with its fallback (rule 12): frames from the user's realtime room while the socket is
 * open; while it is not (no realtime, connecting, dropped), `onCatchUp` runs every `pollMs` while
 * the page is visible. When the socket opens again, `onCatchUp` runs once at once.
 *
 * @example
 * const live = useChatLive(realtime, { onFrame, onCatchUp: refetch }, UNREAD_POLL_MS);
 */
export function useChatLive(
  realtime: ChatRealtime | null,
  handlers: ChatLiveHandlers,
  pollMs: number,
): boolean {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [live, setLive] = useState(() => realtime?.isLive() ?? false);

  useEffect(() => {
    if (!realtime) {
      setLive(false);
      return;
    }
    setLive(realtime.isLive());
    const stopFrames = realtime.subscribe((frame) => latest.current.onFrame(frame));
    const stopStatus = realtime.onLiveChange((next) => {
      setLive(next);
      if (next) latest.current.onCatchUp();
    });
    return () => {
      stopFrames();
      stopStatus();
    };
  }, [realtime]);

  useEffect(() => {
    if (live || pollMs <= 0) return;
    const tick = () => {
      if (document.visibilityState === 'visible') latest.current.onCatchUp();
    };
    const timer = window.setInterval(tick, pollMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [live, pollMs]);

  return live;
}
