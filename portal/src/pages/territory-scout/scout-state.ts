import {
  INDUSTRY_SPECIALTIES,
  INVESTMENT_RANGE_VALUES,
  type IndustrySpecialty,
  type InvestmentRange,
  type StateCode,
  type TerritoryQuery,
} from '@fm/sdk/contracts';
import { placeOf } from './places.ts';

export const SHADE_BY = ['brands', 'consultants'] as const;
export type ShadeBy = (typeof SHADE_BY)[number];

/** What the page shows, kept in the address so that it survives a reload and can be shared. */
export interface ScoutState {
  category: IndustrySpecialty | null;
  investment: InvestmentRange;
  shadeBy: ShadeBy;
  state: StateCode | null;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The page's state from `?category=&investment=&by=&state=&page=`; unknown values are ignored. */
export function scoutStateOf(params: URLSearchParams): ScoutState {
  const page = Number(params.get('page'));
  return {
    category: oneOf(INDUSTRY_SPECIALTIES, params.get('category')),
    investment: oneOf(INVESTMENT_RANGE_VALUES, params.get('investment')) ?? 'any',
    shadeBy: oneOf(SHADE_BY, params.get('by')) ?? 'brands',
    state: placeOf(params.get('state'))?.code ?? null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a state (defaults left out). */
export function scoutParamsOf(state: ScoutState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.investment !== 'any') params.set('investment', state.investment);
  if (state.shadeBy !== 'brands') params.set('by', state.shadeBy);
  if (state.state) params.set('state', state.state);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The filters as the API takes them ("Any" and "All categories" are no filter). */
export function territoryQuery(state: Pick<ScoutState, 'category' | 'investment'>): TerritoryQuery {
  return {
    ...(state.category ? { category: state.category } : {}),
    ...(state.investment !== 'any' ? { investment: state.investment } : {}),
  };
}
