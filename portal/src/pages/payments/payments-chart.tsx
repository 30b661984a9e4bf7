import { GRAPH_PERIODS, type GraphPeriod } from '@fm/sdk/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { formatMoney } from '../../features/payments/payments-format.ts';
import { dataOf, useAsync } from '../../features/payments/use-async.ts';
import { api } from '../../shared/api-client.ts';

// Its own chunk with the chart library: the page shows the figures without waiting for it.
const PaymentsBarPlot = lazy(() =>
  import('./payments-bar-plot.tsx').then((module) => ({ default: module.PaymentsBarPlot })),
);

const PERIOD_LABELS: Record<GraphPeriod, string> = { week: 'Week', month: 'Month', year: 'Year' };

/** Charged money over a week, a month or a year, as bars, with the same numbers as a table. */
export function PaymentsChart({ title }: { title: string }) {
  const id = useId();
  const [period, setPeriod] = useState<GraphPeriod>('month');
  const [state, reload] = useAsync(`graph/${period}`, () => api.payments.getGraph(period));
  const graph = dataOf(state);
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
      {state.status === 'error' ? (
        <div className="form-alert" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button--ghost" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      {/* The summary line and the plot's box keep their place while the data and the chart
          library load, so nothing below them moves when they arrive. */}
      {graph ? (
        <p className="payments-chart__summary" data-testid="chart-summary">
          {formatMoney(total)} over the last {period}
          {points.length > 0 ? ` in ${points.length} intervals` : ''}.
        </p>
      ) : (
        <p className="payments-chart__summary" role="status">
          {state.status === 'loading' ? 'Loading the chart…' : '\u00a0'}
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
                <td>{formatMoney(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
