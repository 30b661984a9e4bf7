import { type SupportRequestInput, SupportRequestInputSchema } from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useSession } from '../app/session.ts';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '../forms/fields.tsx';
import { useValibotForm } from '../forms/use-valibot-form.ts';

interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Sends the validated request. Until the support call is wired in, the form validates and
   * keeps what was typed; it never pretends to have sent anything.
   */
  onSubmit?: (input: SupportRequestInput) => Promise<void>;
}

/** The help modal: email and details, validated with the contract's messages (user-area §5). */
export function SupportDialog({ open, onOpenChange, onSubmit }: SupportDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
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
  onSubmit: SupportDialogProps['onSubmit'];
  onDone: () => void;
}) {
  const session = useSession();
  const form = useValibotForm({
    schema: SupportRequestInputSchema,
    initialValues: { email: session?.user.email ?? '', details: '' },
    onSubmit: async (input) => {
      if (!onSubmit) return;
      await onSubmit(input);
      onDone();
    },
  });

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
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
