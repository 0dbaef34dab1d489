/** The sign-in and password screens' messages (staff and shop; no antd here: the shop imports it). */
export const RESET_LINK_SENT =
  'Email has been sent to your inbox. The password reset link will be expired after 23 hours.';
export const PASSWORD_RESET_DONE = 'Password reset successfully.';
export const RESET_FAILED = 'Error occurred while resetting password.';
export const SIGN_IN_FAILED = 'our servers broke, please try again later';
