import type { AdminFranchiseDetail, AdminFranchiseMember } from '@fm/sdk/contracts';
import { AdminUserCreateSchema, FIELD_MESSAGES } from '@fm/sdk/contracts';
import { DataTable, StatusLabel, toast, useValibotForm } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { errorMessage, serverMessageOr } from '../../api/error-message.ts';
import { FormDialog, FormDialogFooter } from '../../ui/form-dialog.tsx';
import { useDialogSave } from '../../ui/use-dialog-save.ts';
import { ActivationPanel } from '../consultants/activation-panel.tsx';
import { AddExistingFranchisorForm } from './add-existing-franchisor.tsx';
import { FranchisorIdentityFields } from './franchisor-identity-fields.tsx';
import { FranchisorRowActions } from './franchisor-row-actions.tsx';

const NewFranchisorSchema = v.object({
  firstName: AdminUserCreateSchema.entries.firstName,
  lastName: AdminUserCreateSchema.entries.lastName,
  email: AdminUserCreateSchema.entries.email,
  phone: AdminUserCreateSchema.entries.phone,
});

/** Create New Franchisor: a member of this franchise who activates through their link. */
function CreateNewForm({ franchiseId, onDone }: { franchiseId: string; onDone: () => void }) {
  const save = useDialogSave({
    saved: ADMIN_TOASTS.franchisorCreated,
    failure: (error) => serverMessageOr(error, ADMIN_TOASTS.somethingWentWrong),
    onDone,
  });
  const form = useValibotForm({
    schema: NewFranchisorSchema,
    initialValues: { firstName: '', lastName: '', email: '', phone: '' },
    onSubmit: (input) =>
      save(() => adminApi.createUser({ ...input, role: 'franchisor', franchiseId })),
  });
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={ADMIN_UI.createNewFranchisor}
    >
      <FranchisorIdentityFields form={form} />
      <FormDialogFooter
        error={form.formError}
        pending={form.isSubmitting}
        submitLabel={ADMIN_UI.create}
      />
    </form>
  );
}

function BillingButton({
  franchiseId,
  member,
}: {
  franchiseId: string;
  member: AdminFranchiseMember;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (member.isBillingContact) {
    return (
      <span
        className="kit-status kit-status--info"
        title={FIELD_MESSAGES.billingAddressNotDeletable}
      >
        Billing contact
      </span>
    );
  }
  const makeBilling = async () => {
    setBusy(true);
    try {
      await adminApi.setBillingAddress(franchiseId, member.email);
      toast.success(ADMIN_TOASTS.billingAddressUpdated);
      await queryClient.invalidateQueries({ queryKey: ['franchise', franchiseId] });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      aria-label={`Make ${member.firstName} ${member.lastName} the billing contact`}
      onClick={() => void makeBilling()}
    >
      Make billing contact
    </button>
  );
}

/** The franchisors of a franchise, with Add Existing Franchisor and Create New Franchisor. */
export function FranchiseMembers({ franchise }: { franchise: AdminFranchiseDetail }) {
  const [dialog, setDialog] = useState<'add' | 'create' | null>(null);
  const close = () => setDialog(null);
  return (
    <section className="card detail-section" aria-labelledby="members-title">
      <div className="detail-section__head">
        <h2 className="detail-section__title" id="members-title">
          Franchisors
        </h2>
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDialog('add')}
          >
            {ADMIN_UI.addExistingFranchisor}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog('create')}
          >
            {ADMIN_UI.createNewFranchisor}
          </button>
        </div>
      </div>
      <DataTable
        caption={`Franchisors of ${franchise.company}`}
        rows={franchise.users}
        rowKey={(m) => m.id}
        emptyText="No franchisors yet."
        columns={[
          { key: 'name', header: 'Name', cell: (m) => `${m.firstName} ${m.lastName}` },
          { key: 'email', header: 'Email', cell: (m) => m.email },
          { key: 'phone', header: 'Phone', cell: (m) => m.phone ?? '—' },
          {
            key: 'status',
            header: 'Status',
            cell: (m) => <StatusLabel status={m.displayStatus} />,
          },
          {
            key: 'billing',
            header: 'Billing',
            cell: (m) => <BillingButton franchiseId={franchise.id} member={m} />,
          },
          {
            key: 'activation',
            header: 'Activation',
            cell: (m) => <ActivationPanel userId={m.id} activation={m.activation} />,
          },
          {
            key: 'actions',
            header: ADMIN_UI.actions,
            cell: (m) => <FranchisorRowActions member={m} />,
          },
        ]}
      />
      <FormDialog
        title={ADMIN_UI.addExistingFranchisor}
        open={dialog === 'add'}
        onOpenChange={(o) => !o && close()}
      >
        <AddExistingFranchisorForm franchiseId={franchise.id} onDone={close} />
      </FormDialog>
      <FormDialog
        title={ADMIN_UI.createNewFranchisor}
        open={dialog === 'create'}
        onOpenChange={(o) => !o && close()}
      >
        <CreateNewForm franchiseId={franchise.id} onDone={close} />
      </FormDialog>
    </section>
  );
}
