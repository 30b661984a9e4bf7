/** The product's UI texts, exactly as the spec writes them. */

/** Field validation messages (user-area §5, admin-panel §5). */
export const FIELD_MESSAGES = {
  passwordRule:
    'Password must be at least 8 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character.',
  emailInvalid: 'Please input a valid email!',
  emailRequired: 'Please input your email!',
  stripeEmailRequired: 'Email is required.',
  detailsRequired: 'Please input your details!',
  firstNameRequired: 'Please input your first name!',
  lastNameRequired: 'Please input your last name!',
  numbersOnly: 'Please enter numbers only',
  passwordRequired: 'Please input your password!',
  newPasswordRequired: 'Please input your new password!',
  passwordsDoNotMatch: 'The two passwords do not match!',
  userFirstNameRequired: "Please input user's first name!",
  userLastNameRequired: "Please input user's last name!",
  userEmailRequired: "Please input user's email!",
  addUserRequired: 'Please add user',
  promotionNameRequired: 'Please enter the promotion name!',
  promotionEffectRequired: 'Please select an effect!',
  promotionAffectedRequired: 'Please select an affected scope!',
  billingAddressNotDeletable: 'Billing address can not be deleted',
  formValidationFailed: 'Validation failed please check the form again',
  ageConfirmationRequired: 'You must be 18 or older to use the platform.',
  roleRequired: 'Please choose a role.',
} as const;

/** Operation prefixes of service errors: `'{operation}: {message}'`. */
export const OPERATIONS = {
  fetchConsultants: 'Error fetching consultants',
  fetchFilteredConsultants: 'Error fetching filtered consultants',
  fetchConsultantById: 'Error fetching consultant by ID',
  fetchFranchisors: 'Error fetching franchisors',
  addFavoriteConsultant: 'Error adding favorite consultant',
  updatePassword: 'Error updating password',
  updateProfile: 'Error updating profile',
  validatePromoCode: 'Error validating promo code',
  subscribe: 'Error subscribing',
  unsubscribe: 'Error unsubscribing',
  reactivateSubscription: 'Error reactivating subscription',
  getFilters: 'Error getting filters',
  getCalendars: 'Error getting calendars',
  updateCalendar: 'Error updating calendar',
  reviewBooking: 'Error reviewing booking',
  fetchPaymentsChart: 'Error fetching payments chart data',
  fetchPayments: 'Error fetching payments',
  fetchPaymentsTotal: 'Error fetching payments total',
  createPaymentMethod: 'Error creating payment method',
  fetchPaymentMethods: 'Error fetching payment methods',
  deletePaymentMethod: 'Error deleting payment method',
  fetchNotifications: 'Error fetching notifications',
  markNotificationRead: 'Error marking notification as read',
  fetchPromotions: 'Error fetching promotions',
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
  // Auth operations are not named by the spec; these follow its pattern.
  signIn: 'Error signing in',
  signUp: 'Error signing up',
  signOut: 'Error signing out',
  fetchProfile: 'Error fetching profile',
  activateAccount: 'Error activating account',
  requestPasswordReset: 'Error requesting password reset',
  resetPassword: 'Error resetting password',
  addFavoriteFranchisor: 'Error adding favorite franchisor',
  aiSearchFranchisors: 'Error searching franchisors',
  fetchTerritory: 'Error fetching territory data',
  sendSupportRequest: 'Error sending support request',
  deleteAccount: 'Error deleting account',
  // Booking (issue 5): operations the spec does not name, in its pattern.
  fetchSlots: 'Error fetching available slots',
  fetchAvailability: 'Error fetching availability',
  createBooking: 'Error creating booking',
  fetchSessions: 'Error fetching meetings',
  fetchSession: 'Error fetching meeting',
  fetchLatestCompleted: 'Error fetching latest completed meeting',
  declineMeeting: 'Error declining meeting',
  completeMeeting: 'Error completing meeting',
  cancelMeeting: 'Error canceling meeting',
  requestReview: 'Error requesting review',
  connectCalendar: 'Error connecting calendar',
  disconnectCalendar: 'Error disconnecting calendar',
  fetchCalendarFeed: 'Error fetching calendar feed',
} as const;
export type Operation = keyof typeof OPERATIONS;

export const GENERIC_MESSAGES = {
  unknown: 'Unknown error occurred',
  somethingWentWrong: 'Something went wrong. Please try again.',
  permissionDenied: 'You do not have permission to access this page.',
} as const;

export const TOASTS = {
  profileUpdated: 'Profile updated successfully!',
  adminProfileUpdated: 'Profile updated successfully',
  billingAddressUpdated: 'Billing address updated successfully',
  supportRequestSent: 'Support request sent successfully, we will get back to you soon.',
  meetingCanceled: 'Meeting canceled successfully!',
  bookingCompleted: 'Booking completed successfully!',
  profileUpdateFailed: 'Profile update failed. Please try again.',
  failedToUpdateProfile: 'Failed to update profile. Please try again.',
  cancelMeetingFailed: 'Failed to cancel meeting. Something went wrong.',
  completeBookingFailed: 'Failed to complete the booking or confirm the meeting.',
  manualProcessingCompleted: 'Manual processing completed successfully',
  manualProcessingFailed: 'Failed to start manual processing',
  passwordChanged: 'Password changed successfully',
} as const;

/** Navigation and page copy used by several screens. */
export const UI_TEXT = {
  bookingModalTitle: 'Select a Date & Time',
  scheduleMeeting: 'Schedule Meeting',
  cancel: 'CANCEL',
  loadMore: 'Load More',
  actionNotAvailableTitle: 'Action Not Available',
  activateYourSubscription: 'Activate Your Subscription',
  startBookingCalls: 'Start Booking Calls',
  reconnectYourCalendar: 'Reconnect Your Calendar',
  backToPlatform: 'Back to Platform',
  minimizeMenu: 'Minimize Menu',
  saveAndLeave: 'Save and Leave',
  leaveWithoutSaving: 'Leave Without Saving',
} as const;

// --- Appended by the SDK client: operations the spec does not name, in its pattern. ---
/** Operation prefixes of SDK calls missing from `OPERATIONS` (`'{operation}: {message}'`). */
export const CLIENT_OPERATIONS = {
  fetchConfig: 'Error fetching configuration',
  checkHealth: 'Error checking server health',
  // Payments (issue 6)
  fetchSubscription: 'Error fetching subscription',
  setDefaultPaymentMethod: 'Error updating payment method',
  fetchPayouts: 'Error fetching payouts',
  downloadPayoutStatement: 'Error downloading payout statement',
  runManualProcessing: 'Error processing payments',
  fetchLateCancellations: 'Error fetching late cancellations',
  resolveLateCancellation: 'Error resolving late cancellation',
  // Messaging
  fetchUnreadCount: 'Error fetching unread messages count',
} as const;
export type ClientOperation = keyof typeof CLIENT_OPERATIONS;
