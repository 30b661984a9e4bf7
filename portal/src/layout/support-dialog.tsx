import { type SupportRequestInput, SupportRequestInputSchema, TOASTS } from '@fm/sdk/contracts';
import {
  FormAlert,
  SegmentedField,
  SubmitButton,
  TextAreaField,
  TextField,
  useFocusReturn,
  useValibotForm,
} from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../shared/api-client.ts';
import { useSession } from '../shared/session.ts';

interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the validated request; defaults to the support call with its success toast. */
  onSubmit?: (input: SupportRequestInput, kind: SupportRequestKind) => Promise<void>;
}

/** A request about the user themselves, or about their company (user-area §7's two calls). */
type SupportRequestKind = 'user' | 'company';

const KIND_OPTIONS = [
  { value: 'user', label: 'Personal' },
  { value: 'company', label: 'Company' },
] as const;

/**
 * `POST /api/users/support-request` or `POST /api/users/company-support-request`, then
 * 'Support request sent successfully, we will get back to you soon.'
 */
async function sendSupportRequest(
  input: SupportRequestInput,
  kind: SupportRequestKind,
): Promise<void> {
  await api.profile.sendSupportRequest(input, kind);
  toast.success(TOASTS.supportRequestSent);
}

/**
 * The help modal: a personal or a company request, email and details, validated with the
 * contract's messages (user-area §5), sent as a support request; a failure is shown in the form
 * and what was typed stays.
 */
export function SupportDialog({
  open,
  onOpenChange,
  onSubmit = sendSupportRequest,
}: SupportDialogProps) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...focusReturn}>
          <Dialog.Title className="dialog__title">Support</Dialog.Title>
          <Dialog.Description className="dialog__text">
            Tell us what you need help with and we will get back to you by email.
          </Dialog.Description>
          {/* Mounted only while open, so every opening starts from a fresh form. */}
          {open ? <SupportForm onSubmit={onSubmit} onDone={() => onOpenChange(false)} /> : null}
          <Dialog.Close className="dialog__close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SupportForm({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: SupportRequestInput, kind: SupportRequestKind) => Promise<void>;
  onDone: () => void;
}) {
  const session = useSession();
  const kindErrorId = useId();
  const [kind, setKind] = useState<SupportRequestKind>('user');
  const form = useValibotForm({
    schema: SupportRequestInputSchema,
    initialValues: { email: session?.user.email ?? '', details: '' },
    onSubmit: async (input) => {
      await onSubmit(input, kind);
      onDone();
    },
  });

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      <SegmentedField
        legend="Request type"
        name="support-kind"
        value={kind}
        options={KIND_OPTIONS}
        onChange={setKind}
        errorId={kindErrorId}
      />
      <TextField label="Email" type="email" autoComplete="email" field={form.field('email')} />
      <TextAreaField label="Details" field={form.field('details')} rows={6} />
      <FormAlert message={form.formError} />
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--ghost">
            Cancel
          </button>
        </Dialog.Close>
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          Send
        </SubmitButton>
      </div>
    </form>
  );
}
