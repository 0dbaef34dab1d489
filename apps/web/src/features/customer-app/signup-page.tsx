import { customerSignUpSchema } from '@dbo/domain/customer';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/api';
import { AuthForm, AuthShell, NewPasswordFields } from '../../lib/auth-fields';
import { useBusy } from '../../lib/use-busy';
import { zodRule } from '../../lib/zod-form';
import { type CustomerAppUser, customerSignUp, type SignUpFields, useInvitationShop } from './customer-session';
import { SignedInCard } from './signed-in-card';

/**
 * /signup?name&email&tabc_id&token: the invitation link of a customer user. Without a token it is
 * the distributor's own sign-up, so it goes to /auth/signup.
 */
export default function CustomerSignUpPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // the invitation's shop: the old link forwards to /shop/{subdomain}/signup with the same query
  const shop = useInvitationShop(token);
  const [form] = Form.useForm();
  const [busy, run] = useBusy();
  const [errors, setErrors] = useState<string[] | null>(null);
  const [user, setUser] = useState<CustomerAppUser | null>(null);
  if (!token) return <Navigate to="/auth/signup" replace />;
  if (shop.data) return <Navigate to={`/shop/${shop.data.subdomain}/signup?${search}`} replace />;
  if (shop.isLoading) return <AuthShell>{null}</AuthShell>;
  const tabcId = search.get('tabc_id') ?? '';

  const onFinish = (v: SignUpFields) => {
    setErrors(null);
    return run(
      async () => setUser(await customerSignUp({ ...v, token })),
      (err) => setErrors(errorMessages(err)),
    );
  };
  const rule = (f: string) => [zodRule(customerSignUpSchema, f, () => ({ token }))];
  return (
    <AuthShell>
      {user ? (
        <SignedInCard user={user} onSignOut={() => setUser(null)} />
      ) : (
        <AuthForm
          form={form}
          intro={`Create your account to order online${tabcId ? ` for permit ${tabcId}` : ''}.`}
          submit="Create Account"
          busy={busy}
          onFinish={onFinish}
          initialValues={{ name: search.get('name') ?? '', email: search.get('email') ?? '' }}
          after={
            <p style={{ marginTop: 16 }}>
              Already have an account? <Link to="/signin">Sign in</Link>
            </p>
          }
        >
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
          <NewPasswordFields rule={rule} />
        </AuthForm>
      )}
    </AuthShell>
  );
}
