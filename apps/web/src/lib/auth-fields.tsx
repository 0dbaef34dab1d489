/** The fields the staff and customer sign-in, sign-up and password forms share. */
import { signInSchema } from '@dbo/domain/auth';
import { Form, type FormRule, Input } from 'antd';

import { zodRule } from './zod-form';

/** Email and password of a sign-in. */
export function SignInFields({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item label="Email" name="email" rules={[zodRule(signInSchema, 'email')]}>
        <Input autoComplete="email" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(signInSchema, 'password')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </>
  );
}

/** A new password and its confirmation (checked again when the password changes). */
export function NewPasswordFields({
  rule,
  label = 'Password',
  size,
  autoFocus,
}: {
  rule: (field: string) => FormRule[];
  label?: string;
  size?: 'large';
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item label={label} name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" size={size} autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm_password"
        dependencies={['password']}
        rules={rule('confirm_password')}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}

export const RESET_LINK_SENT =
  'Email has been sent to your inbox. The password reset link will be expired after 23 hours.';
export const PASSWORD_RESET_DONE = 'Password reset successfully.';
export const RESET_FAILED = 'Error occurred while resetting password.';
export const SIGN_IN_FAILED = 'our servers broke, please try again later';
