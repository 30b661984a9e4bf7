import type { ReactNode } from 'react';

/** Label/value pairs of a detail page, as a description list. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="detail-list">
      {items.map(([label, value]) => (
        <div key={label} className="detail-list__item">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of a detail page. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card detail-section" aria-label={title}>
      <h2 className="detail-section__title">{title}</h2>
      {children}
    </section>
  );
}
