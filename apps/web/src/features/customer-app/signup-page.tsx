import { APP_NAME } from '@dbo/domain/constants';
import { customerSignUpSchema } from '@dbo/domain/customer';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/api';
import { zodRule } from '../../lib/zod-form';
import { type CustomerAppUser, customerSignUp } from './customer-session';
import { SignedInCard } from './signed-in-card';

/**
 * /signup?name&email&tabc_id&token: the invitation link of a customer user. Without a token it is
 * the distributor's own sign-up, so it goes to /auth/signup.
 */
export default function CustomerSignUpPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [user, setUser] = useState<CustomerAppUser | null>(null);
  if (!token) return <Navigate to="/auth/signup" replace />;
  const tabcId = search.get('tabc_id') ?? '';

  const onFinish = async (v: Record<string, string>) => {
    setBusy(true);
    setErrors(null);
    try {
      setUser(await customerSignUp({ ...v, token }));
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  const rule = (f: string) => [zodRule(customerSignUpSchema, f, () => ({ token }))];
  return (
    <main className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {APP_NAME}
        </Typography.Title>
        {user ? (
          <SignedInCard user={user} onSignOut={() => setUser(null)} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            requiredMark={false}
            initialValues={{ name: search.get('name') ?? '', email: search.get('email') ?? '' }}
          >
            <Typography.Paragraph type="secondary">
              Create your account to order online{tabcId ? ` for permit ${tabcId}` : ''}.
            </Typography.Paragraph>
            {errors && <Alert type="error" showIcon title={errors.join(' ')} style={{ marginBottom: 12 }} />}
            <Form.Item label="Email" name="email" rules={rule('email')}>
              <Input autoComplete="email" readOnly={!!search.get('email')} />
            </Form.Item>
            <Form.Item label="Full Name" name="name" rules={rule('name')}>
              <Input autoComplete="name" maxLength={40} />
            </Form.Item>
            <Form.Item label="Phone" name="phone_number">
              <Input autoComplete="tel" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={rule('password')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm Password"
              name="confirm_password"
              dependencies={['password']}
              rules={rule('confirm_password')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Create Account
            </Button>
            <p style={{ marginTop: 16 }}>
              Already have an account? <Link to="/signin">Sign in</Link>
            </p>
          </Form>
        )}
      </Card>
    </main>
  );
}
