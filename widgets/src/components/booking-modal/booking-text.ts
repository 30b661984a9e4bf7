/**
 * Texts of the booking modal that the spec does not spell out. Its title and buttons are the
 * spec's (`UI_TEXT`: Select a Date & Time, Load More, CANCEL, Schedule Meeting); these live here
 * until a screen of the spec needs the same words.
 */
export const BOOKING_TEXT = {
  close: 'Close',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  timeZone: 'Time zone',
  meetingLength: 'Meeting length',
  minutes: (n: number) => `${n} minutes`,
  date: 'Date',
  time: 'Time',
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  weekdayShort: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
  hasFreeTimes: 'free times',
  legend: 'Highlighted days have free times.',
  availableTimes: (day: string) => `Available times on ${day}`,
  availableTimesNoDay: 'Available times',
  chooseDay: 'Choose a day to see its free times.',
  loadingTimes: 'Loading times…',
  loadingDays: 'Loading free days…',
  noTimes: 'No free times on this day. Please choose another day.',
  noDays: 'No free times in the coming months.',
  retry: 'Try again',
  /** A slot another booker has selected right now (rule 20). */
  beingBooked: 'Being booked',
  with: (name: string) => `Meeting with ${name}`,
  rate: (rate: string) => `${rate} per 15 minutes`,
  summary: (day: string, time: string, zone: string) => `${day} at ${time} (${zone})`,
  total: (amount: string) => `Total ${amount}`,
  scheduling: 'Scheduling…',
  signInTitle: 'Log in to book',
  signInText: 'Please log in as a franchisor to book a meeting with this consultant.',
  signInLink: 'Log In',
  bookedTitle: 'Meeting scheduled',
  bookedAt: (dateTime: string, zone: string) => `${dateTime} (${zone})`,
  booked: (name: string | null, when: string) =>
    name
      ? `Your meeting with ${name} is booked for ${when}.`
      : `Your meeting is booked for ${when}.`,
  viewMeetings: 'View My Meetings',
  done: 'Done',
} as const;
