import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_DECISIONS,
  DISPUTE_TEXT,
  DISPUTE_TEXT_MAX,
  DisputeDecisionFormSchema,
  decisionFormToInput,
} from '@fm/sdk/contracts';
import { SelectField, TextAreaField, TextField, toast, useValibotForm } from '@fm/widgets/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../api/client.ts';
import { serverMessageOr } from '../../api/error-message.ts';
import { FormDialog, FormDialogFooter } from '../../ui/form-dialog.tsx';
import { DISPUTE_TOASTS } from './dispute-paths.ts';

const VALIDATION_FAILED = 'Validation failed please check the form again';

function DecideForm({ disputeId, onDone }: { disputeId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useValibotForm({
    schema: DisputeDecisionFormSchema,
    initialValues: { decision: 'reject', refund: '', note: '' },
    invalidMessage: VALIDATION_FAILED,
    onSubmit: async (output) => {
      try {
        await adminApi.decideDispute(disputeId, decisionFormToInput(output));
      } catch (error) {
        toast.error(serverMessageOr(error, DISPUTE_TOASTS.decideFailed));
        throw error;
      }
      toast.success(DISPUTE_TOASTS.decided);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dispute', disputeId] }),
        queryClient.invalidateQueries({ queryKey: ['disputes'] }),
      ]);
      onDone();
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Dispute decision">
      <SelectField
        label="Decision"
        field={form.field('decision')}
        options={DISPUTE_DECISIONS.map((d) => ({ value: d, label: DISPUTE_DECISION_LABELS[d] }))}
      />
      {form.values.decision === 'partial_refund' ? (
        <TextField label={DISPUTE_TEXT.refundAmount} field={form.field('refund')} />
      ) : null}
      <TextAreaField
        label={DISPUTE_TEXT.note}
        field={form.field('note')}
        required={false}
        rows={3}
        maxLength={DISPUTE_TEXT_MAX}
      />
      <FormDialogFooter
        error={form.formError}
        pending={form.isSubmitting}
        submitLabel={DISPUTE_TEXT.decide}
      />
    </form>
  );
}

/** The admin's decision on an open dispute (rule 20): reject, full refund, or a partial refund. */
export function DecideDispute({ disputeId }: { disputeId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {DISPUTE_TEXT.decide}
      </button>
      <FormDialog title="Decide the dispute" open={open} onOpenChange={setOpen}>
        <DecideForm disputeId={disputeId} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}
