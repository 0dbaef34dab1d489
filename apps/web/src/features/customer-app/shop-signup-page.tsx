import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { shopSignUp } from './shop-api';
import type { SignUpFields } from './customer-session';
import { useShop, useShopPath } from './shop-context';
import { useSchemaForm } from './shop-form';
import { ShopNewPasswordFields } from './shop-password-fields';
import { Alert, Button, TextField } from './shop-ui';

const loadSchema = () => import('@dbo/domain/customer').then((m) => m.customerSignUpSchema);

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
  const [busy, run] = useBusy();
  const [errors, setErrors] = useState<string[] | null>(null);
  const extra = useCallback(() => ({ token }), [token]);
  const form = useSchemaForm(
    loadSchema,
    {
      email: search.get('email') ?? '',
      name: search.get('name') ?? '',
      phone_number: '',
      password: '',
      confirm_password: '',
    },
    { extra, dependents: { password: ['confirm_password'] } },
  );

  const onValid = (v: SignUpFields) => {
    setErrors(null);
    return run(
      async () => {
        const res = await shopSignUp({ ...v, token });
        acceptSession(res);
        navigate(path(''), { replace: true });
      },
      (err) => setErrors(errorMessages(err)),
    );
  };

  return (
    <div className="shop-tile shop-narrow">
      <h1>Create your account</h1>
      <p className="shop-muted">
        Order from {company.name} online{tabcId ? ` for permit ${tabcId}` : ''}. Afterwards, come back to{' '}
        <strong data-testid="shop-address">{company.shop_url}</strong> to order.
      </p>
      {!token ? (
        <Alert
          type="warning"
          title={`Open the link in the invitation ${company.name} sent you to create your account.`}
        />
      ) : (
        <form onSubmit={form.handleSubmit(onValid)} noValidate>
          {errors && <Alert type="error" title={errors.join(' ')} />}
          <TextField
            label="Email"
            {...form.field('email')}
            type="email"
            autoComplete="email"
            readOnly={!!search.get('email')}
          />
          <TextField label="Full Name" {...form.field('name')} autoComplete="name" maxLength={40} />
          <TextField label="Phone" {...form.field('phone_number')} type="tel" autoComplete="tel" />
          <ShopNewPasswordFields password={form.field('password')} confirm={form.field('confirm_password')} />
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Create Account
          </Button>
        </form>
      )}
      <p>
        Already have an account? <Link to={path('')}>Sign in</Link>
      </p>
    </div>
  );
}
