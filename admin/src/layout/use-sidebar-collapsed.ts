import { useCallback, useState } from 'react';

/**
 * Where the sidebar's collapsed state is remembered. A device preference, so it sits outside the
 * session namespace and survives signing out.
 */
export const SIDEBAR_COLLAPSED_KEY = 'fm-admin-ui:sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false; // storage can be unavailable (private modes, blocked cookies)
  }
}

/** The sidebar's collapsed state, remembered in localStorage. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Not remembered, still applied.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
