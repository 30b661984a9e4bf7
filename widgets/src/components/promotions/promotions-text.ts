/** The carousel's own labels (the spec gives only "title and description"). */
export const PROMOTIONS_TEXT = {
  label: 'Promotions',
  loading: 'Loading promotions…',
  previous: 'Previous promotion',
  next: 'Next promotion',
  stop: 'Stop rotating promotions',
  start: 'Start rotating promotions',
  /** A slide's label: "2 of 3". */
  slide: (n: number, of: number) => `${n} of ${of}`,
  /** A dot's label: "Show promotion 2 of 3". */
  show: (n: number, of: number) => `Show promotion ${n} of ${of}`,
} as const;
