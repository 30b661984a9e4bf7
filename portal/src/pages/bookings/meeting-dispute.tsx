import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_TEXT,
  DISPUTE_TEXT_MAX,
  type Dispute,
  DisputeReplyInputSchema,
  OpenDisputeInputSchema,
  type Session,
} from '@fm/sdk/contracts';
import {
  DialogActions,
  FormAlert,
  formatCents,
  formatDateTime,
  SelectField,
  StatusLabel,
  SubmitButton,
  TextAreaField,
  useFocusReturn,
  useValibotForm,
} from '@fm/widgets/kit';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { useUserTimeZone } from '../../shared/user-time-zone.tsx';

/** Where the meeting page keeps its dispute (invalidated by every dispute call). */
export const disputeKey = (meetingId: string) => [
  ...queryKeys.meetings.detail(meetingId),
  'dispute',
];

/** A dispute call whose failure is also toasted (the form keeps its values to try again). */
async function toastingFailure<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    toast.error(errorMessage(error));
    throw error;
  }
}

/** The franchisor's form: a reason from the picklist and what went wrong. */
function OpenDisputeForm({ meetingId, onDone }: { meetingId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useValibotForm({
    schema: OpenDisputeInputSchema,
    initialValues: { reason: '', text: '' },
    onSubmit: async (input) => {
      await toastingFailure(api.disputes.open(meetingId, input));
      await queryClient.invalidateQueries({ queryKey: disputeKey(meetingId) });
      onDone();
    },
  });
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={DISPUTE_TEXT.dialogTitle}
    >
      <SelectField
        label={DISPUTE_TEXT.reason}
        field={form.field('reason')}
        placeholder="Choose a reason"
        options={DISPUTE_REASONS.map((r) => ({ value: r, label: DISPUTE_REASON_LABELS[r] }))}
      />
      <TextAreaField
        label={DISPUTE_TEXT.text}
        field={form.field('text')}
        rows={5}
        maxLength={DISPUTE_TEXT_MAX}
      />
      <FormAlert message={form.formError} />
      <DialogActions cancelLabel="Cancel">
        <SubmitButton pending={form.isSubmitting} className="button button--primary">
          {DISPUTE_TEXT.submit}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/** Either side's reply on an open dispute. */
function ReplyForm({ meetingId }: { meetingId: string }) {
  const queryClient = useQueryClient();
  const form = useValibotForm({
    schema: DisputeReplyInputSchema,
    initialValues: { body: '' },
    onSubmit: async (input) => {
      await toastingFailure(api.disputes.reply(meetingId, input));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: disputeKey(meetingId) });
    },
  });
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-label="Reply to the dispute"
    >
      <TextAreaField
        label={DISPUTE_TEXT.reply}
        field={form.field('body')}
        rows={3}
        maxLength={DISPUTE_TEXT_MAX}
      />
      <FormAlert message={form.formError} />
      <SubmitButton pending={form.isSubmitting} className="button button--secondary">
        {DISPUTE_TEXT.sendReply}
      </SubmitButton>
    </form>
  );
}

/** A dispute as both sides see it: its status, what was asked, the replies and the decision. */
function DisputeView({ dispute, meetingId }: { dispute: Dispute; meetingId: string }) {
  const { zone } = useUserTimeZone();
  return (
    <>
      <p>
        <StatusLabel status={dispute.status} label={DISPUTE_STATUS_LABELS[dispute.status]} />{' '}
        {DISPUTE_REASON_LABELS[dispute.reason]} · {formatDateTime(dispute.createdAt, zone)}
      </p>
      <p className="meeting-dispute__text">{dispute.text}</p>
      {dispute.status !== 'open' ? (
        <p data-testid="dispute-decision">
          {dispute.refundCents > 0
            ? `Refunded ${formatCents(dispute.refundCents)} of ${formatCents(dispute.chargedCents)}.`
            : 'The dispute was rejected.'}
          {dispute.decisionNote ? ` ${dispute.decisionNote}` : ''}
        </p>
      ) : null}
      {dispute.messages.length > 0 ? (
        <ul className="meeting-dispute__messages">
          {dispute.messages.map((m) => (
            <li key={m.id}>
              <strong>{m.authorName}</strong> · {formatDateTime(m.createdAt, zone)}
              <p>{m.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {dispute.status === 'open' ? <ReplyForm meetingId={meetingId} /> : null}
    </>
  );
}

/**
 * Rule 20 on the meeting page: "Dispute this charge" for the franchisor of a charged meeting
 * within 14 days of the charge, and the dispute once opened — its status for both sides, the
 * consultant's reply and the franchisor's follow-ups, and the admin's decision.
 */
export function MeetingDispute({ meeting }: { meeting: Session }) {
  const { zone } = useUserTimeZone();
  const charged = meeting.status === 'completed' && meeting.isPaid;
  const state = useQuery({
    queryKey: disputeKey(meeting.id),
    queryFn: () => api.disputes.get(meeting.id),
    enabled: charged,
  });
  const [open, setOpen] = useState(false);
  const focusReturn = useFocusReturn();
  const data = state.data;
  if (!charged || !data || (!data.dispute && !data.canOpen)) return null;
  return (
    <section className="meeting-card meeting-dispute" aria-labelledby="meeting-dispute-title">
      <h2 className="meeting-card__title" id="meeting-dispute-title">
        {DISPUTE_TEXT.statusTitle}
      </h2>
      {data.dispute ? (
        <DisputeView dispute={data.dispute} meetingId={meeting.id} />
      ) : (
        <>
          {data.openUntil ? (
            <p>
              {DISPUTE_TEXT.openUntil} {formatDateTime(data.openUntil, zone)}.
            </p>
          ) : null}
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <button type="button" className="button button--secondary">
                {DISPUTE_TEXT.action}
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="dialog" aria-describedby={undefined} {...focusReturn}>
                <Dialog.Title className="dialog__title">{DISPUTE_TEXT.dialogTitle}</Dialog.Title>
                {open ? (
                  <OpenDisputeForm meetingId={meeting.id} onDone={() => setOpen(false)} />
                ) : null}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </>
      )}
    </section>
  );
}
