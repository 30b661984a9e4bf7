import type { AdminRequestType } from '@fm/sdk/contracts';
import { formatDateTime, StatusLabel } from '@fm/widgets/kit';
import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { ListTable } from '../../tables/list-table.tsx';
import { TableToolbar } from '../../tables/table-toolbar.tsx';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { Page } from '../../ui/page.tsx';

const TABS: readonly { value: AdminRequestType; label: string }[] = [
  { value: 'user', label: 'User Requests' },
  { value: 'company', label: 'Company Brand Requests' },
];

function RequestsTable({ type }: { type: AdminRequestType }) {
  const table = useTableQuery();
  const list = useQuery({
    queryKey: ['requests', type, table.query.page, table.query.limit],
    queryFn: () =>
      adminApi.listRequests({ type, page: table.query.page, limit: table.query.limit }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <TableToolbar table={table} dates={false} />
      <ListTable
        caption={TABS.find((tab) => tab.value === type)?.label ?? ''}
        table={table}
        result={list.data ? { rows: list.data.requests, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={(r) => r.id}
        columns={[
          { key: 'created', header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
          { key: 'user', header: 'User', cell: (r) => r.userName ?? '—' },
          { key: 'email', header: 'Email', cell: (r) => r.userEmail ?? '—' },
          {
            key: 'what',
            header: type === 'company' ? 'Brand name' : 'Details',
            cell: (r) => (type === 'company' ? (r.name ?? '—') : (r.details ?? r.kind)),
          },
          { key: 'status', header: 'Status', cell: (r) => <StatusLabel status={r.status} /> },
        ]}
      />
    </>
  );
}

/** `/control-panel/requests`: the two tabs, User Requests and Company Brand Requests (admin-panel §2). */
export function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const tab: AdminRequestType = params.get('tab') === 'company' ? 'company' : 'user';
  return (
    <Page
      title={PAGE_TITLES.requests}
      back={{ to: paths.brandNames, label: PAGE_TITLES.brandNames }}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'user' ? {} : { tab: value }, { replace: true })
        }
      >
        <Tabs.List className="tabs" aria-label={PAGE_TITLES.requests}>
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className="tabs__tab">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="tabs__panel">
            {tab === t.value ? <RequestsTable type={t.value} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Page>
  );
}
