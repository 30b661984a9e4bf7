import type { AdminFranchiseMember } from '@fm/sdk/contracts';
import { CheckboxField, TextField, useValibotForm } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccountActions } from '../../actions/account-actions.ts';
import { ActionsMenu } from '../../actions/actions-menu.tsx';
import { ADMIN_TOASTS, ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { FormDialog, FormDialogFooter } from '../../ui/form-dialog.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { useDialogSave } from '../../ui/use-dialog-save.ts';
import { FranchisorIdentityFields } from './franchisor-identity-fields.tsx';
import {
  FranchisorUserFormSchema,
  type FranchisorUserFormValues,
  franchisorUpdateFailure,
  franchisorUserFormValues,
  franchisorUserPatch,
} from './franchisor-user-form.ts';

export const EDIT_FRANCHISOR_TITLE = 'Edit Franchisor';

function EditFranchisorForm({
  id,
  initial,
  onDone,
}: {
  id: string;
  initial: FranchisorUserFormValues;
  onDone: () => void;
}) {
  const save = useDialogSave({
    saved: ADMIN_TOASTS.franchisorUpdated,
    failure: franchisorUpdateFailure,
    onDone,
  });
  const form = useValibotForm({
    schema: FranchisorUserFormSchema,
    initialValues: initial,
    onSubmit: (output, { changed }) =>
      save(() => adminApi.updateUser(id, franchisorUserPatch(output, changed))),
  });
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={EDIT_FRANCHISOR_TITLE}
    >
      <FranchisorIdentityFields form={form} />
      <TextField label="Position" required={false} field={form.field('position')} />
      <CheckboxField field={form.checkbox('smsConsent')} required={false}>
        Agrees to receive text messages (SMS) about meetings and the account
      </CheckboxField>
      <FormDialogFooter
        error={form.formError}
        pending={form.isSubmitting}
        submitLabel={ADMIN_UI.save}
      />
    </form>
  );
}

/** The edit form, filled from the user's full record (the table row lacks the SMS consent). */
function EditFranchisor({ id, onDone }: { id: string; onDone: () => void }) {
  const user = useQuery({ queryKey: ['user', id], queryFn: () => adminApi.getUser(id) });
  if (user.isPending || user.isError) {
    return <QueryStatus pending={user.isPending} error={user.error} onRetry={user.refetch} />;
  }
  return (
    <EditFranchisorForm id={id} initial={franchisorUserFormValues(user.data)} onDone={onDone} />
  );
}

/**
 * The Actions dropdown of one franchisor of a franchise (admin-panel §6): edit, deactivate or
 * activate, hide or show, delete (asked first), with the toasts of §8. The page stays on the
 * franchise and refreshes its table.
 */
export function FranchisorRowActions({ member }: { member: AdminFranchiseMember }) {
  const [editing, setEditing] = useState(false);
  const name = `${member.firstName} ${member.lastName}`;
  const toggles = useAccountActions(
    { kind: 'franchisor', id: member.id, noun: 'franchisor' },
    member,
  );
  const actions = [
    {
      label: ADMIN_UI.edit,
      onSelect: () => {
        setEditing(true);
        return undefined;
      },
    },
    ...toggles,
  ];
  return (
    <>
      <ActionsMenu actions={actions} name={`${ADMIN_UI.actions} for ${name}`} />
      <FormDialog
        title={EDIT_FRANCHISOR_TITLE}
        open={editing}
        onOpenChange={(open) => setEditing(open)}
      >
        <EditFranchisor id={member.id} onDone={() => setEditing(false)} />
      </FormDialog>
    </>
  );
}
