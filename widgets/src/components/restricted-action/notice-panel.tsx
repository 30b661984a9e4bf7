import type { ReactNode } from 'react';

export interface NoticePanelProps {
  /** The id the title gets (the dialog around is labelled by it). */
  titleId: string;
  title: ReactNode;
  text: ReactNode;
  /** The text's `id` (the dialog's description) or `role` (a status read out when it shows). */
  textProps?: { id?: string; role?: 'status' } | undefined;
  /** A 24×24 icon path above the title, and a class beside `fm-restricted__icon`. */
  icon?: { path: string; className?: string | undefined } | undefined;
  /** The buttons under the text. */
  children: ReactNode;
}

/**
 * A dialog's short message: an optional icon, a title, a text and its buttons (the restricted
 * action, the booking modal's sign-in and booked steps).
 *
 * @example
 * <NoticePanel titleId={id} title="Signed in?" text="Sign in to book."><button type="button">OK</button></NoticePanel>
 */
export function NoticePanel({ titleId, title, text, textProps, icon, children }: NoticePanelProps) {
  return (
    <div className="fm-restricted">
      {icon && (
        <div
          className={
            icon.className ? `fm-restricted__icon ${icon.className}` : 'fm-restricted__icon'
          }
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d={icon.path} />
          </svg>
        </div>
      )}
      <h2 className="fm-restricted__title" id={titleId}>
        {title}
      </h2>
      <p className="fm-restricted__text" {...textProps}>
        {text}
      </p>
      <div className="fm-restricted__actions">{children}</div>
    </div>
  );
}
