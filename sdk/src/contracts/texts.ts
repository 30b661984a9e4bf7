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
