import type { AdminUserUpdate } from '@fm/sdk/contracts';
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
import { ConsultantForm, consultantFormValues } from './consultant-form.tsx';

/** `/control-panel/consultants/:id/edit`. */
export function ConsultantEditPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: ['user', id], queryFn: () => adminApi.getUser(id) });
  return (
    <Page
      title={PAGE_TITLES.editConsultant}
      back={{ to: paths.consultant(id), label: PAGE_TITLES.consultantDetail }}
    >
      {user.isPending || user.isError ? (
        <QueryStatus pending={user.isPending} error={user.error} onRetry={user.refetch} />
      ) : (
        <div className="card">
          <ConsultantForm
            initial={consultantFormValues(user.data)}
            photoUrl={user.data.profilePhoto}
            submitLabel={ADMIN_UI.save}
            keepEmpty={['industrySpecialty', 'region', 'groups']}
            onSave={async (input, photo) => {
              try {
                await adminApi.updateUser(
                  id,
                  input as AdminUserUpdate,
                  photo ? { profilePhoto: photo } : {},
                );
                toast.success(ADMIN_TOASTS.consultantUpdated);
                await queryClient.invalidateQueries();
                return paths.consultant(id);
              } catch (error) {
                toast.error(serverMessageOr(error, ADMIN_TOASTS.updateConsultantFailed));
                throw error;
              }
            }}
          />
        </div>
      )}
    </Page>
  );
}
