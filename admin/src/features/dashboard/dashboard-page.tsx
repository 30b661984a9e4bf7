import { formatDollars } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { ManualProcessingButton } from '../../actions/manual-processing-button.tsx';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { adminApi } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { DashboardGraph } from './dashboard-graph.tsx';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="figure">
      <dt className="figure__label">{label}</dt>
      <dd className="figure__value">{value}</dd>
    </div>
  );
}

/** `/control-panel`: the marketplace in figures (rule 17) and the graph. */
export function DashboardPage() {
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => adminApi.getDashboard() });
  const d = dashboard.data;
  return (
    <Page title={PAGE_TITLES.dashboard} actions={<ManualProcessingButton />}>
      {dashboard.isPending || dashboard.isError ? (
        <QueryStatus
          pending={dashboard.isPending}
          error={dashboard.error}
          onRetry={dashboard.refetch}
        />
      ) : d ? (
        <>
          <section className="card" aria-label="Figures">
            <dl className="figures">
              <Figure label="Consultants" value={d.consultants.total} />
              <Figure label="Active consultants" value={d.consultants.active} />
              <Figure label="New consultants this month" value={d.consultants.newThisMonth} />
              <Figure label="Franchises" value={d.franchises.total} />
              <Figure label="Subscribed franchises" value={d.franchises.subscribed} />
              <Figure label="Future meetings" value={d.meetings.future} />
              <Figure label="Pending meetings" value={d.meetings.pending} />
              <Figure label="Completed this month" value={d.meetings.completedThisMonth} />
              <Figure label="Declined this month" value={d.meetings.declinedThisMonth} />
              <Figure label="Charged this month" value={formatDollars(d.money.chargedThisMonth)} />
              <Figure
                label="Platform fee this month"
                value={formatDollars(d.money.platformFeeThisMonth)}
              />
              <Figure
                label="Consultant share this month"
                value={formatDollars(d.money.consultantShareThisMonth)}
              />
              <Figure label="Held now" value={formatDollars(d.money.heldNow)} />
              <Figure
                label="Failed charges this month"
                value={formatDollars(d.money.failedChargesThisMonth)}
              />
              <Figure label="Payouts due" value={formatDollars(d.payoutsDue)} />
            </dl>
          </section>
          <DashboardGraph />
        </>
      ) : null}
    </Page>
  );
}
