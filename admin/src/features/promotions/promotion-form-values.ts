import type { AdminPromotion, PromotionForm } from '@fm/sdk/contracts';
import { format } from 'date-fns';

/** The promotion form's raw values (every field a string, as the inputs hold them). */
export type PromotionFormValues = {
  [K in keyof Required<PromotionForm>]: string;
};

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  name: '',
  description: '',
  effect: '',
  affected: '',
  startingDate: '',
  startingTime: '',
  endingDate: '',
  endingTime: '',
};

/**
 * A saved promotion as the form shows it: dates `yyyy-MM-dd` and 12-hour times `h:mm AM`, in the
 * viewer's zone.
 *
 * @example
 * promotionToForm(promotion).startingTime; // '3:00 PM'
 */
export function promotionToForm(promotion: AdminPromotion): PromotionFormValues {
  const start = new Date(promotion.startDate);
  const end = new Date(promotion.endDate);
  return {
    name: promotion.name,
    description: promotion.description ?? '',
    effect: promotion.effect,
    affected: promotion.affected,
    startingDate: format(start, 'yyyy-MM-dd'),
    startingTime: format(start, 'h:mm a'),
    endingDate: format(end, 'yyyy-MM-dd'),
    endingTime: format(end, 'h:mm a'),
  };
}

/** A day and minutes after midnight read in the viewer's zone (what the admin typed). */
export function localInstant(date: string, minutes: number): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, minutes);
}
