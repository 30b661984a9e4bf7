import type { AdminFranchiseUpdate } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { FranchiseForm, franchiseFormValues } from './franchise-form.tsx';

/** `/control-panel/franchisors/:id/edit` (adds SBA eligible and E2 visa friendly). */
export function FranchiseEditPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const franchise = useQuery({
    queryKey: ['franchise', id],
    queryFn: () => adminApi.getFranchise(id),
  });
  return (
    <Page
      title={PAGE_TITLES.editFranchise}
      back={{ to: paths.franchisor(id), label: PAGE_TITLES.franchiseDetails }}
    >
      {franchise.isPending || franchise.isError ? (
        <QueryStatus
          pending={franchise.isPending}
          error={franchise.error}
          onRetry={franchise.refetch}
        />
      ) : (
        <div className="card">
          <FranchiseForm
            mode="edit"
            initial={franchiseFormValues(franchise.data)}
            logoUrl={franchise.data.logo}
            submitLabel={ADMIN_UI.save}
            onSave={async (input, logo) => {
              try {
                await adminApi.updateFranchise(
                  id,
                  input as AdminFranchiseUpdate,
                  logo ? { logo } : {},
                );
                toast.success(ADMIN_TOASTS.franchiseUpdated);
                await queryClient.invalidateQueries();
                return paths.franchisor(id);
              } catch (error) {
                toast.error(serverMessageOr(error, ADMIN_TOASTS.updateFranchiseFailed));
                throw error;
              }
            }}
          />
        </div>
      )}
    </Page>
  );
}
