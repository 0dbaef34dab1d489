import { Link, useNavigate, useSearchParams } from 'react-router';
import { refusalMessage } from '../../lib/api';
import { shopResetPassword, shopResetRequest } from './shop-api';
import { PASSWORD_RESET_DONE, RESET_FAILED, RESET_LINK_SENT } from '../../lib/auth-messages';
import { useBusy } from '../../lib/use-busy';
import { useShop, useShopPath } from './shop-context';
import { useSchemaForm } from './shop-form';
import { ShopNewPasswordFields } from './shop-password-fields';
import { Button, TextField, useToast } from './shop-ui';

const loadRequestSchema = () => import('@dbo/domain/auth').then((m) => m.resetRequestSchema);
const loadPasswordSchema = () => import('@dbo/domain/auth').then((m) => m.changePasswordFormSchema);

/**
 * Password reset for customer users: without a token it asks for the e-mail address and sends the
 * link; the e-mailed link (?token=) sets the new password.
 */
export default function ShopResetPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? search.get('reset-token') ?? '';
  return (
    <div className="shop-tile shop-narrow">
      <h1>Reset password</h1>
      {token ? <NewPassword token={token} /> : <RequestLink />}
    </div>
  );
}

function RequestLink() {
  const { subdomain } = useShop();
  const path = useShopPath();
  const message = useToast();
  const [busy, run] = useBusy();
  const form = useSchemaForm(loadRequestSchema, { email: '' });
  const onValid = (v: { email: string }) =>
    run(
      async () => {
        await shopResetRequest({ ...v, subdomain });
        message.success(RESET_LINK_SENT);
      },
      (err) => message.error(refusalMessage(err, 'Error occurred while sending email')),
    );
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <p className="shop-muted">We will e-mail you a link to choose a new password.</p>
      <TextField label="Email" {...form.field('email')} type="email" autoComplete="email" inputMode="email" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Send Reset Link
      </Button>
      <p>
        <Link to={path('')}>Back to sign in</Link>
      </p>
    </form>
  );
}

function NewPassword({ token }: { token: string }) {
  const path = useShopPath();
  const navigate = useNavigate();
  const message = useToast();
  const [busy, run] = useBusy();
  const form = useSchemaForm(
    loadPasswordSchema,
    { password: '', confirm_password: '' },
    { dependents: { password: ['confirm_password'] } },
  );
  const onValid = (v: { password: string; confirm_password: string }) =>
    run(
      async () => {
        await shopResetPassword({ token, ...v });
        message.success(PASSWORD_RESET_DONE);
        setTimeout(() => navigate(path('')), 1000);
      },
      (err) => form.setError('confirm_password', refusalMessage(err, RESET_FAILED)),
    );
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <ShopNewPasswordFields
        label="New Password"
        password={form.field('password')}
        confirm={form.field('confirm_password')}
      />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Change Password
      </Button>
    </form>
  );
}
