import { signUpSchema } from '@dbo/domain/auth';
import { Alert, Form, Input, Spin } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { AuthForm, NewPasswordFields } from '../../lib/auth-fields';
import { roleLabel } from '../../lib/permissions';
import { useBusy } from '../../lib/use-busy';
import { zodRule } from '../../lib/zod-form';
import { signUp, useInvitation } from './api';

/** The invitation mail's link: the invitee chooses a name and password and joins the inviting company. */
export function InvitedSignUpForm({ token, onJoined }: { token: string; onJoined: () => void }) {
  const [form] = Form.useForm();
  const session = useSession();
  const [busy, run] = useBusy();
  const invitation = useInvitation(token);
  const onFinish = (v: { name: string; password: string; confirm_password: string }) =>
    run(
      async () => {
        const res = await signUp({ ...v, token });
        onJoined();
        await session.acceptToken(res.access_token, res.user);
      },
      (err) => form.setFields([{ name: 'password', errors: [errorMessage(err)] }]),
    );
  if (invitation.isLoading) return <Spin aria-label="Checking the invitation" />;
  if (invitation.isError || !invitation.data)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(invitation.error)}
        description={<Link to="/auth/signin">Sign in</Link>}
      />
    );
  const inv = invitation.data;
  const rule = (f: string) => [zodRule(signUpSchema, f)];
  return (
    <AuthForm
      form={form}
      intro={
        <>
          Join <strong>{inv.company}</strong> as {roleLabel(inv.role)} ({inv.email})
        </>
      }
      submit="Join"
      busy={busy}
      onFinish={onFinish}
      initialValues={{ name: inv.name }}
    >
      <Form.Item label="Full Name" name="name" rules={rule('name')}>
        <Input autoComplete="name" />
      </Form.Item>
      <NewPasswordFields rule={rule} autoFocus />
    </AuthForm>
  );
}
