import { changePasswordFormSchema, resetRequestSchema } from '@dbo/domain/auth';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage, request } from '../../lib/api';
import { zodRule } from '../../lib/zod-form';
import { useShop, useShopPath } from './shop-context';

/**
 * Password reset for customer users: without a token it asks for the e-mail address and sends the
 * link; the e-mailed link (?token=) sets the new password.
 */
export default function ShopResetPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? search.get('reset-token') ?? '';
  return (
    <Card style={{ maxWidth: 420, margin: '24px auto' }}>
      <h1>Reset password</h1>
      {token ? <NewPassword token={token} /> : <RequestLink />}
    </Card>
  );
}

function RequestLink() {
  const { subdomain } = useShop();
  const path = useShopPath();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { email: string }) => {
    setBusy(true);
    try {
      await request('POST', '/customer-app/reset-request', { body: { ...v, subdomain }, public: true });
      message.success('Email has been sent to your inbox. The password reset link will be expired after 23 hours.');
    } catch (err) {
      message.error(
        err instanceof ApiError && err.status === 400 ? errorMessage(err) : 'Error occurred while sending email',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Typography.Paragraph type="secondary">We will e-mail you a link to choose a new password.</Typography.Paragraph>
      <Form.Item label="Email" name="email" rules={[zodRule(resetRequestSchema, 'email')]}>
        <Input autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Send Reset Link
      </Button>
      <p style={{ marginTop: 16 }}>
        <Link to={path('')}>Back to sign in</Link>
      </p>
    </Form>
  );
}

function NewPassword({ token }: { token: string }) {
  const path = useShopPath();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { password: string; confirm_password: string }) => {
    setBusy(true);
    try {
      await request('PUT', '/customer-app/password', { body: { token, ...v }, public: true });
      message.success('Password reset successfully.');
      setTimeout(() => navigate(path('')), 1000);
    } catch (err) {
      form.setFields([
        {
          name: 'confirm_password',
          errors: [
            err instanceof ApiError && err.status === 400
              ? errorMessage(err)
              : 'Error occurred while resetting password.',
          ],
        },
      ]);
    } finally {
      setBusy(false);
    }
  };
  const rule = (f: string) => [zodRule(changePasswordFormSchema, f)];
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="New Password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirm_password"
        dependencies={['password']}
        rules={rule('confirm_password')}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Change Password
      </Button>
    </Form>
  );
}
