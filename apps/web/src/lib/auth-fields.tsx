/** The fields the staff and customer sign-in, sign-up and password forms share. */
import { authFieldHint, signInSchema } from '@dbo/domain/auth';
import { APP_NAME } from '@dbo/domain/constants';
import { Button, Card, Form, type FormInstance, type FormRule, Input, Typography } from 'antd';
import type { ReactNode } from 'react';

import { zodRule } from './zod-form';

/**
 * Under a field, what is wrong with the typed value in its own words (the spec's message of the
 * field stays its error): shown while the value is wrong, gone once it is right.
 */
function useHint(field: 'email' | 'password' | 'confirm_password') {
  const form = Form.useFormInstance();
  const value = Form.useWatch(field, form);
  const password = Form.useWatch('password', form);
  const hint = authFieldHint(field, value, password);
  return hint ? <span data-testid={`hint-${field}`}>{hint}</span> : undefined;
}

/** The email of a sign-in or sign-up, with its hint beneath. */
export function EmailField({ rules, autoFocus }: { rules: FormRule[]; autoFocus?: boolean }) {
  return (
    <Form.Item label="Email" name="email" rules={rules} extra={useHint('email')}>
      <Input autoComplete="email" autoFocus={autoFocus} />
    </Form.Item>
  );
}

/** Email and password of a sign-in. */
export function SignInFields({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <>
      <EmailField rules={[zodRule(signInSchema, 'email')]} autoFocus={autoFocus} />
      <Form.Item
        label="Password"
        name="password"
        rules={[zodRule(signInSchema, 'password')]}
        extra={useHint('password')}
      >
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
      <Form.Item label={label} name="password" rules={rule('password')} extra={useHint('password')}>
        <Input.Password autoComplete="new-password" size={size} autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm_password"
        dependencies={['password']}
        rules={rule('confirm_password')}
        extra={useHint('confirm_password')}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}

/** The sign-in screens' frame: the app's name on a card in the middle of the page. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {APP_NAME}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}

/**
 * A sign-in screen's form: its line of introduction, the fields, a full-width submit button, then
 * what follows the button (links).
 */
export function AuthForm<V>({
  form,
  intro,
  submit,
  busy,
  onFinish,
  initialValues,
  children,
  after,
}: {
  form?: FormInstance;
  intro: ReactNode;
  submit: string;
  busy: boolean;
  onFinish: (values: V) => unknown;
  initialValues?: Record<string, string>;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={initialValues}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {children}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submit}
      </Button>
      {after}
    </Form>
  );
}

export { PASSWORD_RESET_DONE, RESET_FAILED, RESET_LINK_SENT, SIGN_IN_FAILED } from './auth-messages';
