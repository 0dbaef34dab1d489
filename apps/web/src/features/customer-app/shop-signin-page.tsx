import { signInSchema } from '@dbo/domain/auth';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { zodRule } from '../../lib/zod-form';
import { useShop, useShopPath } from './shop-context';

/** Shown in place of any shop page while signed out; revoked or disabled users are refused by the server. */
export default function ShopSignInPage() {
  const { company, signIn } = useShop();
  const path = useShopPath();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { email: string; password: string }) => {
    setBusy(true);
    try {
      await signIn(v.email, v.password);
    } catch (err) {
      const msg =
        err instanceof ApiError && err.status < 500 ? errorMessage(err) : 'our servers broke, please try again later';
      form.setFields([{ name: 'password', errors: [msg] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 420, margin: '24px auto' }}>
      <h1>Sign in to order</h1>
      <Typography.Paragraph type="secondary">Order from {company.name} online.</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Come back to order at <strong data-testid="shop-address">{company.shop_url}</strong>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[zodRule(signInSchema, 'email')]}>
          <Input autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(signInSchema, 'password')]}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Sign In
        </Button>
      </Form>
      <p style={{ marginTop: 16 }}>
        Forgot your password? <Link to={path('/reset-password')}>Reset it</Link>
      </p>
    </Card>
  );
}
