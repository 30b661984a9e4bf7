import type { AdminPromotion, PromotionStatus } from '@fm/sdk/contracts';
import {
  PROMOTION_AFFECTED,
  PROMOTION_EFFECTS,
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
} from '@fm/sdk/contracts';
import { ConfirmDialog, formatDateTime, toast } from '@fm/widgets/kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { ListTable } from '../../tables/list-table.tsx';
import { listQuery } from '../../tables/table-query.ts';
import { FilterSelect, TableToolbar } from '../../tables/table-toolbar.tsx';
import { useTableQuery } from '../../tables/use-table-query.ts';
import { Page } from '../../ui/page.tsx';
import { statusOptions } from '../../ui/status-options.ts';
import { PromotionDialog } from './promotion-dialog.tsx';

/** The Running/Paused switch of one promotion (admin-panel §4). */
function StatusSwitch({ promotion }: { promotion: AdminPromotion }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = promotion.status === 'active';
  const toggle = async () => {
    setBusy(true);
    try {
      await adminApi.setPromotionStatus(promotion.id, running ? 'inactive' : 'active');
      toast.success(ADMIN_TOASTS.promotionUpdated);
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
    } catch (error) {
      toast.error(serverMessageOr(error, ADMIN_TOASTS.promotionUpdateFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={running}
      aria-label={`${promotion.name}: ${running ? 'Running' : 'Paused'}`}
      className="switch"
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span>{PROMOTION_STATUS_LABELS[promotion.status]}</span>
    </button>
  );
}

const lower = (values: readonly string[]) =>
  statusOptions(values.map((v) => v.toLowerCase())).map((option, index) =>
    index === 0 ? option : { ...option, label: values[index - 1] ?? option.label },
  );

/** `/control-panel/promotions`: the table with its filters and switch, and the form in a dialog. */
export function PromotionsPage() {
  const queryClient = useQueryClient();
  const table = useTableQuery({ extraKeys: ['effect', 'affected'] });
  const query = listQuery(table.query);
  const filters = {
    search: query.search,
    status: query.status as PromotionStatus | undefined,
    effect: table.extra.effect || undefined,
    affected: table.extra.affected || undefined,
    startingDate: query.startDate,
    endingDate: query.endDate,
    page: query.page,
    limit: query.limit,
  };
  const list = useQuery({
    queryKey: ['promotions', filters],
    queryFn: () => adminApi.listPromotions(filters),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<AdminPromotion | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminPromotion | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const remove = async (promotion: AdminPromotion) => {
    setDeletePending(true);
    try {
      await adminApi.deletePromotion(promotion.id);
      toast.success(ADMIN_TOASTS.promotionDeleted);
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
    } catch (error) {
      toast.error(serverMessageOr(error, ADMIN_TOASTS.promotionDeleteFailed));
    } finally {
      setDeletePending(false);
      setDeleting(null);
    }
  };

  return (
    <Page
      title={PAGE_TITLES.promotions}
      actions={
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          {ADMIN_UI.createPromotion}
        </button>
      }
    >
      <TableToolbar table={table}>
        <FilterSelect
          label={ADMIN_UI.status}
          value={table.query.status}
          options={statusOptions(PROMOTION_STATUSES, PROMOTION_STATUS_LABELS)}
          onChange={(value) => table.setFilters({ status: value })}
        />
        <FilterSelect
          label="Effect"
          value={table.extra.effect ?? ''}
          options={lower(PROMOTION_EFFECTS)}
          onChange={(value) => table.setFilters({}, { effect: value })}
        />
        <FilterSelect
          label="Affected"
          value={table.extra.affected ?? ''}
          options={lower(PROMOTION_AFFECTED)}
          onChange={(value) => table.setFilters({}, { affected: value })}
        />
      </TableToolbar>
      <ListTable
        caption="Promotions"
        table={table}
        result={list.data ? { rows: list.data.promotions, total: list.data.total } : undefined}
        isPending={list.isPending}
        error={list.error}
        onRetry={list.refetch}
        rowKey={(p) => p.id}
        columns={[
          { key: 'name', header: 'Name', cell: (p) => p.name },
          { key: 'effect', header: 'Effect', cell: (p) => p.effect },
          { key: 'affected', header: 'Affected', cell: (p) => p.affected },
          { key: 'start', header: 'Starts', cell: (p) => formatDateTime(p.startDate) },
          { key: 'end', header: 'Ends', cell: (p) => formatDateTime(p.endDate) },
          { key: 'status', header: 'Status', cell: (p) => <StatusSwitch promotion={p} /> },
          {
            key: 'actions',
            header: ADMIN_UI.actions,
            cell: (p) => (
              <div className="row-actions">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Edit ${p.name}`}
                  onClick={() => {
                    setEditing(p);
                    setFormOpen(true);
                  }}
                >
                  {ADMIN_UI.edit}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Delete ${p.name}`}
                  onClick={() => setDeleting(p)}
                >
                  {ADMIN_UI.delete}
                </button>
              </div>
            ),
          },
        ]}
      />
      <PromotionDialog open={formOpen} promotion={editing} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deletePending) setDeleting(null);
        }}
        title="Delete this promotion?"
        confirmLabel={ADMIN_UI.delete}
        pending={deletePending}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        {deleting ? `"${deleting.name}" stops showing to users at once.` : ''}
      </ConfirmDialog>
    </Page>
  );
}
