import { GRAPH_PERIODS, type GraphPeriod } from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';

// Its own chunk with the chart library: the page shows the figures without waiting for it.
const PaymentsBarPlot = lazy(() =>
  import('./payments-bar-plot.tsx').then((module) => ({ default: module.PaymentsBarPlot })),
);

const PERIOD_LABELS: Record<GraphPeriod, string> = { week: 'Week', month: 'Month', year: 'Year' };

/** Charged money over a week, a month or a year, as bars, with the same numbers as a table. */
export function PaymentsChart({ title }: { title: string }) {
  const id = useId();
  const [period, setPeriod] = useState<GraphPeriod>('month');
  const query = useQuery({
    queryKey: queryKeys.payments.graph(period),
    queryFn: () => api.payments.getGraph(period),
    placeholderData: keepPreviousData,
  });
  const graph = query.isError ? null : (query.data ?? null);
  const points = graph?.points ?? [];
  const total = points.reduce((sum, point) => sum + point.amount, 0);

  return (
    <section className="payments-card payments-chart" aria-labelledby={`${id}-title`}>
      <div className="payments-card__head">
        <h2 id={`${id}-title`} className="payments-card__title">
          {title}
        </h2>
        <fieldset className="segmented__options payments-chart__periods">
          <legend className="visually-hidden">Period</legend>
          {GRAPH_PERIODS.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name={`${id}-period`}
                value={value}
                checked={value === period}
                onChange={() => setPeriod(value)}
              />
              <span>{PERIOD_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <QueryLoadStatus query={query} />
      {/* The summary line and the plot's box keep their place while the data and the chart
          library load, so nothing below them moves when they arrive. */}
      {graph ? (
        <p className="payments-chart__summary" data-testid="chart-summary">
          {formatDollars(total, 'always')} over the last {period}
          {points.length > 0 ? ` in ${points.length} intervals` : ''}.
        </p>
      ) : (
        <p className="payments-chart__summary" role="status">
          {query.isFetching ? 'Loading the chart…' : '\u00a0'}
        </p>
      )}
      <div className="payments-chart__plot" aria-hidden="true">
        {graph ? (
          <Suspense fallback={null}>
            <PaymentsBarPlot points={points} />
          </Suspense>
        ) : null}
      </div>
      <details className="payments-chart__table">
        <summary>Show the chart as a table</summary>
        <table className="payments-table">
          <caption className="visually-hidden">
            {title} by {period}
          </caption>
          <thead>
            <tr>
              <th scope="col">Interval</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.start}>
                <td>{point.label}</td>
                <td>{formatDollars(point.amount, 'always')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
