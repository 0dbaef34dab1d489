import { APP_NAME } from '@dbo/domain/constants';
import { signInSchema } from '@dbo/domain/auth';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { zodRule } from '../../lib/zod-form';
import { type CustomerAppUser, customerSignIn } from './customer-session';
import { SignedInCard } from './signed-in-card';

/** Customer-app sign-in; revoked or disabled users are refused by the server. */
export default function CustomerSignInPage() {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [user, setUser] = useState<CustomerAppUser | null>(null);
  const onFinish = async (v: { email: string; password: string }) => {
    setBusy(true);
    try {
      setUser(await customerSignIn(v.email, v.password));
    } catch (err) {
      const msg =
        err instanceof ApiError && err.status === 400 ? errorMessage(err) : 'our servers broke, please try again later';
      form.setFields([{ name: 'password', errors: [msg] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {APP_NAME}
        </Typography.Title>
        {user ? (
          <SignedInCard user={user} onSignOut={() => setUser(null)} />
        ) : (
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Typography.Paragraph type="secondary">Customer sign-in</Typography.Paragraph>
            <Form.Item label="Email" name="email" rules={[zodRule(signInSchema, 'email')]}>
              <Input autoComplete="email" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[zodRule(signInSchema, 'password')]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Sign In
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
