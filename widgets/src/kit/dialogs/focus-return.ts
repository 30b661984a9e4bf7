import { useRef } from 'react';

/**
 * Focus handling for a Radix dialog opened without its own trigger (from a menu, the burger, a
 * table row's Actions): it remembers what held focus as it opened and gives focus back there when
 * it closes, if that is still on the page. Radix alone returns focus only to a `Dialog.Trigger`, so
 * these dialogs left it on the page's body. A menu that opens one focuses its own button first.
 *
 * @example
 * const focusReturn = useFocusReturn();
 * <Dialog.Content {...focusReturn}>…</Dialog.Content>
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
