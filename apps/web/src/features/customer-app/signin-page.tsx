import { Form } from 'antd';
import { useState } from 'react';
import { refusalMessage } from '../../lib/api';
import { AuthForm, AuthShell, SIGN_IN_FAILED, SignInFields } from '../../lib/auth-fields';
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
    <AuthShell>
      {user ? (
        <SignedInCard user={user} onSignOut={() => setUser(null)} />
      ) : (
        <AuthForm form={form} intro="Customer sign-in" submit="Sign In" busy={busy} onFinish={onFinish}>
          <SignInFields />
        </AuthForm>
      )}
    </AuthShell>
  );
}
