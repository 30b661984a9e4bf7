import type { ComponentType, SVGProps } from 'react';
import { NAV_LABELS } from '../admin-texts.ts';
import { DISPUTE_PAGE_TITLES, disputePaths } from '../features/disputes/dispute-paths.ts';
import { paths } from '../paths.ts';
import {
  BookingIcon,
  BrandsIcon,
  ConsultantsIcon,
  DashboardIcon,
  DisputesIcon,
  FranchisorsIcon,
  PaymentsIcon,
  PromotionsIcon,
} from '../ui/icons.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact path (the dashboard is the prefix of every path). */
  end?: boolean;
}

/** The sidebar of admin-panel §2, in its order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: NAV_LABELS.dashboard, to: paths.dashboard, icon: DashboardIcon, end: true },
  { label: NAV_LABELS.consultants, to: paths.consultants, icon: ConsultantsIcon },
  { label: NAV_LABELS.franchisors, to: paths.franchisors, icon: FranchisorsIcon },
  { label: NAV_LABELS.bookings, to: paths.bookings, icon: BookingIcon },
  { label: NAV_LABELS.payments, to: paths.payments, icon: PaymentsIcon },
  { label: DISPUTE_PAGE_TITLES.nav, to: disputePaths.list, icon: DisputesIcon },
  { label: NAV_LABELS.promotions, to: paths.promotions, icon: PromotionsIcon },
  { label: NAV_LABELS.brandNames, to: paths.brandNames, icon: BrandsIcon },
];
