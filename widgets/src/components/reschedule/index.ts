export {
  RescheduleDialog,
  type RescheduleDialogProps,
  RescheduleDialogView,
  type RescheduleDialogViewProps,
  type RescheduleSlots,
} from './reschedule-dialog.tsx';
export { proposedTime, slotTime, toggleStart } from './reschedule-format.ts';
export {
  RescheduleHistoryList,
  type RescheduleHistoryListProps,
  RescheduleProposal,
  type RescheduleProposalProps,
} from './reschedule-proposal.tsx';
