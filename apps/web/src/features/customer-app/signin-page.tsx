import { APP_NAME } from '@dbo/domain/constants';
import { Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { refusalMessage } from '../../lib/api';
import { SIGN_IN_FAILED, SignInFields } from '../../lib/auth-fields';
import { useBusy } from '../../lib/use-busy';
import { type CustomerAppUser, customerSignIn } from './customer-session';
import { SignedInCard } from './signed-in-card';

/** Customer-app sign-in; revoked or disabled users are refused by the server. */
export default function CustomerSignInPage() {
  const [form] = Form.useForm();
  const [busy, run] = useBusy();
  const [user, setUser] = useState<CustomerAppUser | null>(null);
  const onFinish = (v: { email: string; password: string }) =>
    run(
      async () => setUser(await customerSignIn(v.email, v.password)),
      (err) => form.setFields([{ name: 'password', errors: [refusalMessage(err, SIGN_IN_FAILED)] }]),
    );
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
            <SignInFields />
            <Button type="primary" htmlType="submit" block loading={busy}>
              Sign In
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
