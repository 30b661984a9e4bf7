import type { MouseEvent, ReactNode } from 'react';
import { ListAvatar, type ListAvatarProps } from './avatar.tsx';

export interface ResultCardProps {
  id: string;
  title: string;
  subtitle?: string | null | undefined;
  avatar: ListAvatarProps;
  /** A real link (the portal's profile page); without it the title is a button. */
  href?: string | undefined;
  /** Called when the card is chosen (a plain click on the link, or the button). */
  onSelect?: ((id: string) => void) | undefined;
  /** Shown in the top corner, above the card's click area (the favourite heart). */
  action?: ReactNode;
  children?: ReactNode;
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * One result: the whole card is clickable through its title (a link or a button stretched over
 * the card), while the action (the heart) stays its own button.
 *
 * @example
 * <ResultCard id={item.id} title="Dana Whitfield" avatar={{ src, alt, fallback }} onSelect={open}>…</ResultCard>
 */
export function ResultCard({
  id,
  title,
  subtitle,
  avatar,
  href,
  onSelect,
  action,
  children,
}: ResultCardProps) {
  return (
    <article className="fm-card" aria-label={title}>
      <div className="fm-card__head">
        <ListAvatar {...avatar} />
        <div className="fm-card__titles">
          <h3 className="fm-card__title">
            {href ? (
              <a
                className="fm-card__select"
                href={href}
                onClick={(event) => {
                  if (onSelect && isPlainClick(event)) {
                    event.preventDefault();
                    onSelect(id);
                  }
                }}
              >
                {title}
              </a>
            ) : (
              <button type="button" className="fm-card__select" onClick={() => onSelect?.(id)}>
                {title}
              </button>
            )}
          </h3>
          {subtitle && (
            <p className="fm-card__subtitle" title={subtitle}>
              {subtitle}
            </p>
          )}
        </div>
        {action && <div className="fm-card__action">{action}</div>}
      </div>
      {children && <div className="fm-card__body">{children}</div>}
    </article>
  );
}

/**
 * A labelled line of a card ("Experience: 5 years").
 *
 * @example
 * <CardFact label="Experience">5 years</CardFact>
 */
export function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fm-card__fact">
      <dt className="fm-card__fact-label">{label}</dt>
      <dd className="fm-card__fact-value">{children}</dd>
    </div>
  );
}
