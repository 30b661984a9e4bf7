import type { DashboardGraphType, GraphPeriod } from '@fm/sdk/contracts';
import { DASHBOARD_GRAPH_TYPES, GRAPH_PERIODS } from '@fm/sdk/contracts';
import { DataTable, formatDollars } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { adminApi } from '../../api/client.ts';
import { FilterSelect } from '../../tables/table-toolbar.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';

const TYPE_LABELS: Record<DashboardGraphType, string> = {
  meetings: 'Meetings',
  revenue: 'Revenue',
  signups: 'Sign-ups',
};
const PERIOD_LABELS: Record<GraphPeriod, string> = { week: 'Week', month: 'Month', year: 'Year' };

/** The dashboard graph (rule 17): meetings, revenue or sign-ups over a week, a month or a year; the same numbers as a table for screen readers. */
export function DashboardGraph() {
  const [type, setType] = useState<DashboardGraphType>('meetings');
  const [period, setPeriod] = useState<GraphPeriod>('month');
  const graph = useQuery({
    queryKey: ['dashboard-graph', type, period],
    queryFn: () => adminApi.getDashboardGraph({ type, period }),
  });
  const show = (value: number) => (type === 'revenue' ? formatDollars(value) : String(value));
  const points = graph.data?.points ?? [];
  return (
    <section className="card dashboard-graph" aria-labelledby="dashboard-graph-title">
      <div className="dashboard-graph__head">
        <h2 id="dashboard-graph-title" className="detail-section__title">
          {TYPE_LABELS[type]}
        </h2>
        <FilterSelect
          label="Graph"
          value={type}
          options={DASHBOARD_GRAPH_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          onChange={(value) => setType(value as DashboardGraphType)}
        />
        <FilterSelect
          label="Period"
          value={period}
          options={GRAPH_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          onChange={(value) => setPeriod(value as GraphPeriod)}
        />
      </div>
      {graph.isError ? (
        <QueryStatus pending={false} error={graph.error} onRetry={graph.refetch} />
      ) : (
        <>
          <div className="dashboard-graph__chart" aria-hidden="true">
            <ResponsiveContainer width="100%" height={260}>
              {/* Hidden from assistive technology (the table below says the same), so not
                  focusable either: no keyboard layer inside an aria-hidden box. */}
              <BarChart data={points} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" fontSize={12} />
                <YAxis fontSize={12} allowDecimals={type === 'revenue'} />
                <Tooltip formatter={(value) => show(Number(value))} />
                <Bar dataKey="value" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <details className="dashboard-graph__table">
            <summary>Show as a table</summary>
            <DataTable
              caption={`${TYPE_LABELS[type]} by ${PERIOD_LABELS[period].toLowerCase()}`}
              rows={points}
              rowKey={(p) => p.start}
              loading={graph.isPending}
              columns={[
                { key: 'label', header: 'Interval', cell: (p) => p.label },
                {
                  key: 'value',
                  header: TYPE_LABELS[type],
                  numeric: true,
                  cell: (p) => show(p.value),
                },
              ]}
            />
          </details>
        </>
      )}
    </section>
  );
}
