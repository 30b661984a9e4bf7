import {
  type MouseEvent,
  type ReactNode,
  type UIEvent,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { lockPageScroll } from './page-scroll-lock.ts';

export interface DrawerProps {
  /** Whether the drawer is shown. */
  open: boolean;
  /** Called with `false` when the person closes it: Escape, a tap beside the panel. */
  onOpenChange: (open: boolean) => void;
  /** The id of the element that names the drawer (its title, inside `children`). */
  labelledBy: string;
  /**
   * The panel's class: its place (all four sides), size, look and slide-in; its `::backdrop` is
   * the layer over the page.
   */
  className?: string | undefined;
  onScroll?: ((event: UIEvent<HTMLDialogElement>) => void) | undefined;
  children: ReactNode;
}

/**
 * None of a dialog's own defaults (centred, bordered, padded, capped in size), at no specificity so
 * that the panel's class decides; but closed is closed, whatever `display` the class gives the
 * panel. A style element of its own: the drawer also lives in widgets' shadow roots, which the
 * kit's style sheet does not reach.
 */
const RESET =
  ':where(dialog[data-drawer]){inset:auto;width:auto;height:auto;margin:0;padding:0;border:0;max-width:none;max-height:none;color:inherit}' +
  'dialog[data-drawer]:not([open]){display:none!important}';

const isOutside = (event: MouseEvent<HTMLElement>) => {
  const box = event.currentTarget.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
};

/**
 * A modal drawer on the platform's `<dialog>` (`showModal()`): the browser puts it in the top layer
 * (no portal, no ancestor's transform in the way), makes the rest of the page inert, moves focus to
 * its first control and back to the opener on close, and closes it on Escape. A tap on the backdrop
 * closes it too, and the page under it does not scroll while it is open. Its content is rendered
 * only while it is open.
 *
 * Radix's dialog did all this in script on every first open (focus trap, `aria-hidden` on the rest
 * of the page, scroll lock, presence); on a phone that was most of the tap's time (P6's INP).
 *
 * @example
 * <Drawer open={open} onOpenChange={setOpen} labelledBy={titleId} className="drawer">
 *   <h2 id={titleId}>Menu</h2>…
 * </Drawer>
 */
export function Drawer({
  open,
  onOpenChange,
  labelledBy,
  className,
  onScroll,
  children,
}: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

  // The browser closed it (Escape): tell the owner, unless the owner closed it (then `open` is
  // already false in this render's handler).
  const onClose = () => {
    if (open) onOpenChange(false);
  };
  // A tap on the backdrop reaches the dialog itself, outside its box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && isOutside(event)) onOpenChange(false);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape, which the browser handles.
    <dialog
      ref={ref}
      className={className}
      data-drawer=""
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={onClick}
      onScroll={onScroll}
    >
      <style>{RESET}</style>
      {open ? children : null}
    </dialog>
  );
}
