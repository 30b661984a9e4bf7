import { useSyncExternalStore } from 'react';

/**
 * Whether the guided tour is open, shared by the header parts that start it (the profile menu's
 * Tutorial, the mobile drawer) and the one tour that draws it.
 */
let open = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Opens the tour at its first step (Tutorial in the profile menu, or the first sign-in). */
export function startTutorial(): void {
  if (open) return;
  open = true;
  emit();
}

export function closeTutorial(): void {
  if (!open) return;
  open = false;
  emit();
}

/**
 * Whether the tour is open.
 *
 * @example
 * ```tsx
 * const isOpen = useTutorialOpen();
 * ```
 */
export function useTutorialOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => open,
    () => false,
  );
}

const SEEN_KEY_PREFIX = 'fm-tutorial-seen:';

/** Whether this browser already showed the tour to this user (a flag in localStorage). */
export function hasSeenTutorial(userId: string): boolean {
  try {
    return window.localStorage.getItem(SEEN_KEY_PREFIX + userId) !== null;
  } catch {
    // Without storage the tour is never forced on anyone.
    return true;
  }
}

export function markTutorialSeen(userId: string): void {
  try {
    window.localStorage.setItem(SEEN_KEY_PREFIX + userId, '1');
  } catch {
    // Storage blocked: nothing to remember.
  }
}
