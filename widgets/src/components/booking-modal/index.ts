/** The booking modal (user-area §2, §4, §5, §9): view, state, calendar rules and the connected widget. */
export {
  addDays,
  addMonths,
  dayLabel,
  dedupeSlots,
  defaultTimeZone,
  FALLBACK_TIME_ZONE,
  firstSelectedDay,
  formatSlotTime,
  isSelectable,
  isTimeZone,
  isWeekend,
  type LocalDate,
  type LocalMonth,
  monthGrid,
  monthOf,
  moveFocus,
  timeZoneLabel,
  todayIn,
} from './booking-calendar.ts';
export { meetingTotal } from './booking-format.ts';
export { BookingModal, type BookingModalProps } from './booking-modal.tsx';
export {
  type BookingConsultant,
  BookingModalView,
  type BookingModalViewProps,
} from './booking-modal-view.tsx';
export {
  type BookingAction,
  type BookingState,
  bookingReducer,
  canSchedule,
  initialBookingState,
} from './booking-state.ts';
export { BOOKING_TEXT } from './booking-text.ts';
export { MonthCalendar, type MonthCalendarProps } from './month-calendar.tsx';
