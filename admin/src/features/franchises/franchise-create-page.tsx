import type { AdminFranchiseCreate } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';
import { FranchiseForm, franchiseFormValues } from './franchise-form.tsx';

/** `/control-panel/franchisors/create`: after create the admin lands on the franchise's detail page. */
export function FranchiseCreatePage() {
  const queryClient = useQueryClient();
  return (
    <Page
      title={PAGE_TITLES.createFranchise}
      back={{ to: paths.franchisors, label: PAGE_TITLES.franchises }}
    >
      <div className="card">
        <FranchiseForm
          mode="create"
          initial={franchiseFormValues()}
          logoUrl={null}
          submitLabel={ADMIN_UI.createFranchise}
          onSave={async (input, logo) => {
            try {
              const created = await adminApi.createFranchise(
                input as AdminFranchiseCreate,
                logo ? { logo } : {},
              );
              toast.success(ADMIN_TOASTS.franchiseCreated);
              await queryClient.invalidateQueries({ queryKey: ['franchises'] });
              return paths.franchisor(created.id);
            } catch (error) {
              toast.error(serverMessageOr(error, ADMIN_TOASTS.createFranchiseFailed));
              throw error;
            }
          }}
        />
      </div>
    </Page>
  );
}
