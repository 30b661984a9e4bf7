import type { AuditEntityType, AuditEntry } from '@fm/sdk/contracts';
import { DataTable, formatDateTime } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_UI } from '../admin-toasts.ts';
import { adminApi } from '../api/client.ts';
import { QueryStatus } from '../ui/query-status.tsx';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields a write changed, as "field: before → after". */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/**
 * Who changed this record, what and when (newest first): the trail an admin reads when a user
 * disputes a change.
 */
export function AuditTrail({
  entityType,
  entityId,
}: {
  entityType: AuditEntityType;
  entityId: string;
}) {
  const audit = useQuery({
    queryKey: ['audit', entityType, entityId],
    queryFn: () => adminApi.listAudit({ entityType, entityId, limit: 20 }),
  });
  return (
    <section className="card detail-section" aria-labelledby={`audit-${entityId}`}>
      <h2 className="detail-section__title" id={`audit-${entityId}`}>
        {ADMIN_UI.auditTrail}
      </h2>
      {audit.isError ? (
        <QueryStatus pending={false} error={audit.error} onRetry={audit.refetch} />
      ) : (
        <DataTable
          caption={ADMIN_UI.auditTrail}
          rows={audit.data?.entries ?? []}
          rowKey={(entry) => entry.id}
          loading={audit.isPending}
          emptyText="No changes recorded yet."
          columns={[
            { key: 'when', header: 'When', cell: (e) => formatDateTime(e.createdAt) },
            {
              key: 'who',
              header: 'Who',
              cell: (e) =>
                e.actor ? `${e.actor.firstName} ${e.actor.lastName} (${e.actor.email})` : 'System',
            },
            { key: 'action', header: 'Action', cell: (e) => e.action },
            {
              key: 'changes',
              header: 'Changes',
              cell: (e) => {
                const lines = describeChanges(e);
                return lines.length === 0 ? (
                  '—'
                ) : (
                  <ul className="audit-changes">
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                );
              },
            },
          ]}
        />
      )}
    </section>
  );
}
