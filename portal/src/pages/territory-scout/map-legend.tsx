import { type Bucket, fillOf } from './color-scale.ts';

/** The colour scale with the counts each colour stands for. */
export function MapLegend({ title, buckets }: { title: string; buckets: readonly Bucket[] }) {
  if (buckets.length === 0) return null;
  return (
    <div className="territory-legend">
      <p className="territory-legend__title" id="territory-legend-title">
        {title}
      </p>
      <ul className="territory-legend__items" aria-labelledby="territory-legend-title">
        {buckets.map((bucket) => (
          <li key={bucket.label} className="territory-legend__item">
            <span
              className="territory-legend__swatch"
              style={{ background: fillOf(bucket) }}
              aria-hidden="true"
            />
            {bucket.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
