import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { useShop, useShopPath } from './shop-context';
import { useSchemaForm } from './shop-form';
import { PasswordField } from './shop-password-fields';
import { Button, TextField } from './shop-ui';

const loadSchema = () => import('@dbo/domain/auth').then((m) => m.signInSchema);

/** Shown in place of any shop page while signed out; revoked or disabled users are refused by the server. */
export default function ShopSignInPage() {
  const { company, signIn } = useShop();
  const path = useShopPath();
  const form = useSchemaForm(loadSchema, { email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const onValid = async (v: { email: string; password: string }) => {
    setBusy(true);
    try {
      await signIn(v.email, v.password);
    } catch (err) {
      const msg =
        err instanceof ApiError && err.status < 500 ? errorMessage(err) : 'our servers broke, please try again later';
      form.setError('password', msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="shop-tile shop-narrow">
      <h1>Sign in to order</h1>
      <p className="shop-muted">Order from {company.name} online.</p>
      <p className="shop-muted">
        Come back to order at <strong data-testid="shop-address">{company.shop_url}</strong>
      </p>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <TextField label="Email" {...form.field('email')} autoComplete="email" inputMode="email" type="email" />
        <PasswordField label="Password" {...form.field('password')} autoComplete="current-password" />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Sign In
        </Button>
      </form>
      <p>
        Forgot your password? <Link to={path('/reset-password')}>Reset it</Link>
      </p>
    </div>
  );
}
