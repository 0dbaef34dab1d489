import { changePasswordFormSchema, resetRequestSchema } from '@dbo/domain/auth';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { refusalMessage, request } from '../../lib/api';
import { NewPasswordFields, PASSWORD_RESET_DONE, RESET_FAILED, RESET_LINK_SENT } from '../../lib/auth-fields';
import { useBusy } from '../../lib/use-busy';
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
  const [busy, run] = useBusy();
  const onFinish = (v: { email: string }) =>
    run(
      async () => {
        await request('POST', '/customer-app/reset-request', { body: { ...v, subdomain }, public: true });
        message.success(RESET_LINK_SENT);
      },
      (err) => message.error(refusalMessage(err, 'Error occurred while sending email')),
    );
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
  const [busy, run] = useBusy();
  const onFinish = (v: { password: string; confirm_password: string }) =>
    run(
      async () => {
        await request('PUT', '/customer-app/password', { body: { token, ...v }, public: true });
        message.success(PASSWORD_RESET_DONE);
        setTimeout(() => navigate(path('')), 1000);
      },
      (err) => form.setFields([{ name: 'confirm_password', errors: [refusalMessage(err, RESET_FAILED)] }]),
    );
  const rule = (f: string) => [zodRule(changePasswordFormSchema, f)];
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <NewPasswordFields rule={rule} label="New Password" size="large" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Change Password
      </Button>
    </Form>
  );
}
