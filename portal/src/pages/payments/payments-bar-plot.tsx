import type { PaymentsGraph } from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Height of the plot; its box keeps it reserved while the chart library loads. */
export const PLOT_HEIGHT = 260;

/**
 * The bars of the payments chart. The chart library is heavy, so this module is loaded apart
 * (payments-chart.tsx) and the rest of the page never waits for it.
 */
export function PaymentsBarPlot({ points }: { points: PaymentsGraph['points'] }) {
  return (
    <ResponsiveContainer width="100%" height={PLOT_HEIGHT}>
      <BarChart
        data={points}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        // The plot is hidden from assistive technology (the table beside it says the same), so
        // it must not be focusable either: no keyboard layer inside an aria-hidden box.
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} fontSize={12} />
        <YAxis
          tickFormatter={(value: number) => formatDollars(value)}
          width={64}
          fontSize={12}
          allowDecimals={false}
        />
        <Tooltip formatter={(value) => formatDollars(Number(value), 'always')} />
        <Bar dataKey="amount" name="Amount" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
