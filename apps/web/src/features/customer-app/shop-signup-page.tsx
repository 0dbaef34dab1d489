import { customerSignUpSchema } from '@dbo/domain/customer';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessages, request } from '../../lib/api';
import { NewPasswordFields } from '../../lib/auth-fields';
import { useBusy } from '../../lib/use-busy';
import { zodRule } from '../../lib/zod-form';
import type { CustomerAuthAnswer } from './customer-session';
import { useShop, useShopPath } from './shop-context';

/**
 * /shop/{subdomain}/signup?name&email&tabc_id&token: the invitation's link, in the distributor's
 * name; the new account lands on the shop's catalogue, signed in.
 */
export default function ShopSignUpPage() {
  const { company, acceptSession } = useShop();
  const path = useShopPath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const tabcId = search.get('tabc_id') ?? '';
  const [form] = Form.useForm();
  const [busy, run] = useBusy();
  const [errors, setErrors] = useState<string[] | null>(null);
  const rule = (f: string) => [zodRule(customerSignUpSchema, f, () => ({ token }))];

  const onFinish = (v: Record<string, string>) => {
    setErrors(null);
    return run(
      async () => {
        const res = await request<CustomerAuthAnswer>('POST', '/customer-app/signup', {
          body: { ...v, token },
          public: true,
        });
        acceptSession(res);
        navigate(path(''), { replace: true });
      },
      (err) => setErrors(errorMessages(err)),
    );
  };

  return (
    <Card style={{ maxWidth: 420, margin: '24px auto' }}>
      <h1>Create your account</h1>
      <Typography.Paragraph type="secondary">
        Order from {company.name} online{tabcId ? ` for permit ${tabcId}` : ''}. Afterwards, come back to{' '}
        <strong data-testid="shop-address">{company.shop_url}</strong> to order.
      </Typography.Paragraph>
      {!token ? (
        <Alert
          type="warning"
          showIcon
          title={`Open the link in the invitation ${company.name} sent you to create your account.`}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
          initialValues={{ name: search.get('name') ?? '', email: search.get('email') ?? '' }}
        >
          {errors && <Alert type="error" showIcon title={errors.join(' ')} style={{ marginBottom: 12 }} />}
          <Form.Item label="Email" name="email" rules={rule('email')}>
            <Input autoComplete="email" size="large" readOnly={!!search.get('email')} />
          </Form.Item>
          <Form.Item label="Full Name" name="name" rules={rule('name')}>
            <Input autoComplete="name" size="large" maxLength={40} />
          </Form.Item>
          <Form.Item label="Phone" name="phone_number">
            <Input autoComplete="tel" size="large" />
          </Form.Item>
          <NewPasswordFields rule={rule} size="large" />
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Create Account
          </Button>
        </Form>
      )}
      <p style={{ marginTop: 16 }}>
        Already have an account? <Link to={path('')}>Sign in</Link>
      </p>
    </Card>
  );
}
