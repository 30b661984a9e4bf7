import { AUTH_OPERATIONS } from './auth.ts';
import { BOOKING_OPERATIONS } from './booking.ts';
import { DISCOVERY_OPERATIONS } from './discovery.ts';
import { MESSAGING_OPERATIONS } from './messaging.ts';
import { NOTIFICATION_OPERATIONS } from './notifications.ts';
import { USER_OPERATIONS } from './profiles.ts';
import { PROMOTION_OPERATIONS } from './promotions.ts';
import { REALTIME_OPERATIONS } from './realtime.ts';
import { RESCHEDULE_OPERATIONS } from './reschedule.ts';
import { SYSTEM_OPERATIONS } from './system.ts';
import { WEBHOOK_OPERATIONS } from './webhooks.ts';

/**
 * Every operation's prefix of service errors (`'{operation}: {message}'`): the maps of the SDK
 * modules a partner page calls, each beside its module's schemas (`BOOKING_OPERATIONS` in
 * booking.ts, …) so that a page loads the texts of the calls it can make, not every call's
 * (P5), and the calls of the apps' modules. The spec names most of them; the others
 * follow its pattern.
 */
export const OPERATIONS = {
  ...AUTH_OPERATIONS,
  ...USER_OPERATIONS,
  ...DISCOVERY_OPERATIONS,
  ...BOOKING_OPERATIONS,
  ...MESSAGING_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...PROMOTION_OPERATIONS,
  ...REALTIME_OPERATIONS,
  ...RESCHEDULE_OPERATIONS,
  ...SYSTEM_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  fetchPaymentsChart: 'Error fetching payments chart data',
  fetchPayments: 'Error fetching payments',
  fetchPaymentsTotal: 'Error fetching payments total',
  createPaymentMethod: 'Error creating payment method',
  fetchPaymentMethods: 'Error fetching payment methods',
  deletePaymentMethod: 'Error deleting payment method',
  validatePromoCode: 'Error validating promo code',
  subscribe: 'Error subscribing',
  unsubscribe: 'Error unsubscribing',
  reactivateSubscription: 'Error reactivating subscription',
  // Payments, not named by the spec
  fetchSubscription: 'Error fetching subscription',
  setDefaultPaymentMethod: 'Error updating payment method',
  fetchPayouts: 'Error fetching payouts',
  fetchPayoutAccount: 'Error fetching payout account',
  connectPayoutAccount: 'Error connecting payout account',
  createCardSetup: 'Error adding payment method',
  downloadPayoutStatement: 'Error downloading payout statement',
  runManualProcessing: 'Error processing payments',
  fetchLateCancellations: 'Error fetching late cancellations',
  resolveLateCancellation: 'Error resolving late cancellation',
  // Disputes of charged meetings (rule 20)
  fetchDispute: 'Error fetching the dispute',
  openDispute: 'Error disputing the charge',
  replyToDispute: 'Error replying to the dispute',
  fetchAdminDisputes: 'Error fetching disputes',
  fetchAdminDispute: 'Error fetching the dispute',
  decideDispute: 'Error deciding the dispute',
  downloadDisputes: 'Error downloading disputes',
  // The meeting room (rule 16)
  fetchMeetingRoom: 'Error opening the meeting room',
  fetchMeetingPresence: 'Error fetching meeting attendance',
  reportNoShow: 'Error reporting the no-show',
  // Own account
  sendSupportRequest: 'Error sending support request',
  deleteAccount: 'Error deleting account',
  // Changing one's e-mail: the links mailed to the new and the old address
  confirmEmailChange: 'Error confirming email change',
  undoEmailChange: 'Error undoing email change',
  // Admin panel
  fetchDashboard: 'Error fetching dashboard data',
  fetchDashboardGraph: 'Error fetching dashboard graph data',
  createConsultant: 'Error creating consultant',
  createFranchise: 'Error creating franchise',
  createUser: 'Error creating user',
  updateUser: 'Error updating user',
  updateFranchise: 'Error updating franchise',
  deleteUser: 'Error deleting user',
  downloadBookings: 'Error downloading bookings',
  downloadFranchises: 'Error downloading franchises',
  downloadCompanyBrands: 'Error downloading company brands',
  downloadConsultants: 'Error downloading consultants',
  fetchAdminFranchisors: 'Error fetching franchisors',
  addExistingFranchisor: 'Error adding existing franchisor',
  fetchBrandNames: 'Error fetching brand names',
  updateBrandName: 'Error updating brand name',
  // Admin panel calls the spec lists without an operation text
  fetchAdminUsers: 'Error fetching users',
  fetchAdminUser: 'Error fetching user',
  issueActivationLink: 'Error issuing activation link',
  fetchAdminFranchises: 'Error fetching franchises',
  fetchAdminFranchise: 'Error fetching franchise',
  deleteFranchise: 'Error deleting franchise',
  updateBillingAddress: 'Error updating billing address',
  fetchAdminSessions: 'Error fetching bookings',
  fetchAdminSession: 'Error fetching booking',
  fetchAdminPayments: 'Error fetching payments',
  downloadPayments: 'Error downloading payments',
  createPromotion: 'Error creating promotion',
  updatePromotion: 'Error updating promotion',
  deletePromotion: 'Error deleting promotion',
  fetchRequests: 'Error fetching requests',
  fetchAuditLog: 'Error fetching audit log',
  // API keys (rule 18)
  fetchApiKeys: 'Error fetching API keys',
  createApiKey: 'Error creating API key',
  revokeApiKey: 'Error revoking API key',
} as const;
export type Operation = keyof typeof OPERATIONS;
