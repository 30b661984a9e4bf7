/** The unread-message count on Messages; hidden while it is 0. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="badge" data-testid="unread-badge" hidden={count === 0}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
