import type { AdminUserCreate } from '@fm/sdk/contracts';
import { toast } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';
import { ConsultantForm, consultantFormValues } from './consultant-form.tsx';

/** `/control-panel/consultants/create`: after create the admin lands on the detail page with its activation link. */
export function ConsultantCreatePage() {
  const queryClient = useQueryClient();
  return (
    <Page
      title={PAGE_TITLES.createConsultant}
      back={{ to: paths.consultants, label: PAGE_TITLES.consultants }}
    >
      <div className="card">
        <ConsultantForm
          initial={consultantFormValues()}
          photoUrl={null}
          submitLabel={ADMIN_UI.createConsultant}
          keepEmpty={[]}
          onSave={async (input, photo) => {
            try {
              const created = await adminApi.createUser(
                { ...(input as Omit<AdminUserCreate, 'role'>), role: 'consultant' },
                photo ? { profilePhoto: photo } : {},
              );
              toast.success(ADMIN_TOASTS.consultantCreated);
              await queryClient.invalidateQueries({ queryKey: ['consultants'] });
              return paths.consultant(created.user.id);
            } catch (error) {
              toast.error(serverMessageOr(error, ADMIN_TOASTS.somethingWentWrong));
              throw error;
            }
          }}
        />
      </div>
    </Page>
  );
}
