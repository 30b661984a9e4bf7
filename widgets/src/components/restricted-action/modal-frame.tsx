import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { lockPageScroll } from '../../kit/dialogs/page-scroll-lock.ts';
import { activeElementOf, deepActiveElement, tabbables } from './focus.ts';

export interface ModalFrameProps {
  /** Called on Escape (and by the dialog's own close buttons). */
  onClose: () => void;
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  /** Id of the element that describes it. */
  describedBy?: string | undefined;
  role?: 'dialog' | 'alertdialog';
  /** Classes of the dialog panel. */
  className?: string | undefined;
  /** What gets focus when the dialog opens (else its first focusable element). */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  /** When this changes, focus moves to the new content's first focusable element. */
  focusKey?: string | undefined;
  children: ReactNode;
}

/**
 * A modal dialog's frame (WAI-ARIA dialog pattern): a `<dialog>` shown with `showModal()` in the
 * top layer, `aria-modal`, named by its
 * title; focus moves in when it opens, Tab and Shift+Tab stay inside, Escape closes, and focus
 * returns to whatever had it before (the opener) when it closes. The page behind does not scroll.
 * Works the same in a shadow root and in the page. Render it only while open.
 *
 * @example
 * {open && (
 *   <ModalFrame labelledBy={titleId} onClose={() => setOpen(false)}>
 *     <h2 id={titleId}>Title</h2>…
 *   </ModalFrame>
 * )}
 */
export function ModalFrame({
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  initialFocus,
  focusKey,
  children,
}: ModalFrameProps) {
  const panel = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Remember the opener, lock the page's scroll, keep focus inside, and give focus back on
  // close — in one effect, so that the focus guard is gone before the opener gets focus back.
  useLayoutEffect(() => {
    const opener = deepActiveElement(document);
    const unlockScroll = lockPageScroll();
    // focusin is composed: the document hears it from inside shadow roots too.
    const pull = (event: Event) => {
      const element = panel.current;
      if (!element || event.composedPath().includes(element)) return;
      (tabbables(element)[0] ?? element).focus();
    };
    document.addEventListener('focusin', pull);
    return () => {
      document.removeEventListener('focusin', pull);
      unlockScroll();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  // Focus the content: on open, and whenever the content is replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey is the trigger
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const target = initialFocus?.current ?? tabbables(element)[0] ?? element;
    target.focus();
  }, [focusKey, initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = tabbables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = activeElementOf(panel.current);
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The top layer (`showModal()`): above anything the host page stacks, whatever its `z-index`,
  // `transform` or `overflow`, and the rest of the page is inert while it shows.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function' && element.isConnected) {
      try {
        element.showModal();
        return () => element.close();
      } catch {
        // Not connected to a document yet, or another modal is open: shown in place instead.
      }
    }
    element.setAttribute('open', '');
  }, []);

  return (
    <dialog
      ref={dialog}
      className="fm-modal"
      part="modal"
      // Explicit, so that `[role="dialog"]` finds it like the frame before it.
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // Escape when focus is on the dialog itself: the page's onClose decides, not the browser.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="fm-modal__backdrop" part="backdrop" aria-hidden="true" />
      {/* Escape and Tab are handled on the panel. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        ref={panel}
        tabIndex={-1}
        part="panel"
        className={className ? `fm-modal__panel ${className}` : 'fm-modal__panel'}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </dialog>
  );
}
