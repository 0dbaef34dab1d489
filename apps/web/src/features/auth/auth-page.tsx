import { changePasswordFormSchema, resetRequestSchema, signUpSchema } from '@dbo/domain/auth';
import { App, Form, Input } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CheckingAuthDialog } from '../../lib/require-auth';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage, refusalMessage } from '../../lib/api';
import {
  AuthForm,
  AuthShell,
  EmailField,
  NewPasswordFields,
  PASSWORD_RESET_DONE,
  RESET_FAILED,
  RESET_LINK_SENT,
  SIGN_IN_FAILED,
  SignInFields,
} from '../../lib/auth-fields';
import { useBusy } from '../../lib/use-busy';
import { InvitedSignUpForm } from './invited-sign-up-form';
import { requestPasswordReset, resetPassword, signUp } from './api';
import { zodRule } from '../../lib/zod-form';

/** Where sign-up sends the new user once signed in (read by AuthPage's redirect). */
let afterSignUp: string | null = null;

const SECTIONS = ['signin', 'signup', 'reset-password', 'change-password'] as const;
type Section = (typeof SECTIONS)[number];

export default function AuthPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const location = useLocation();
  const section: Section = SECTIONS.includes(params.section as Section) ? (params.section as Section) : 'signin';
  const loginToken = search.get('login_token');
  // the link of a team invitation mail: sign up into the inviting company
  const invitation = search.get('invitation');

  useEffect(
    () => () => {
      afterSignUp = null;
    },
    [],
  );
  useEffect(() => {
    if (loginToken) void session.acceptToken(loginToken);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loginToken]);

  if (session.status === 'checking') return <CheckingAuthDialog />;
  // a signed-in user goes where sign-in was asked from (or where sign-up sends them), else to /
  const target = afterSignUp ?? (location.state as { from?: string } | null)?.from ?? '/';
  if (session.status === 'signedIn' && section !== 'change-password') return <Navigate to={target} replace />;

  return (
    <AuthShell>
      {section === 'signin' && <SignInForm />}
      {section === 'signup' &&
        (invitation ? (
          <InvitedSignUpForm
            token={invitation}
            onJoined={() => {
              afterSignUp = '/';
            }}
          />
        ) : (
          <SignUpForm />
        ))}
      {section === 'reset-password' && <ResetRequestForm />}
      {section === 'change-password' && <ChangePasswordForm />}
    </AuthShell>
  );
}

function SignInForm() {
  const [form] = Form.useForm();
  const session = useSession();
  const [busy, run] = useBusy();
  const onFinish = (v: { email: string; password: string }) =>
    run(
      // AuthPage sends the signed-in user on to location.state.from
      () => session.signIn(v.email, v.password),
      (err) => form.setFields([{ name: 'password', errors: [refusalMessage(err, SIGN_IN_FAILED)] }]),
    );
  return (
    <AuthForm
      form={form}
      intro="Sign in to your account"
      submit="Sign In"
      busy={busy}
      onFinish={onFinish}
      after={
        <>
          <p style={{ marginTop: 16 }}>
            Forgot your password? <Link to="/auth/reset-password">Reset it</Link>
          </p>
          <p>
            New here? <Link to="/auth/signup">Create an account</Link>
          </p>
        </>
      }
    >
      <SignInFields autoFocus />
    </AuthForm>
  );
}

function SignUpForm() {
  const [form] = Form.useForm();
  const session = useSession();
  const { message } = App.useApp();
  const [busy, run] = useBusy();
  const onFinish = (v: Record<string, string>) =>
    run(
      async () => {
        const res = await signUp(v);
        // a new company starts by filling in its settings
        afterSignUp = '/setting';
        await session.acceptToken(res.access_token, res.user);
      },
      (err) => {
        if (err instanceof ApiError && err.status === 400)
          form.setFields([{ name: 'password', errors: [errorMessage(err)] }]);
        else message.error(errorMessage(err));
      },
    );
  const rule = (f: string) => [zodRule(signUpSchema, f)];
  return (
    <AuthForm
      form={form}
      intro="Create your distributor account"
      submit="Sign Up"
      busy={busy}
      onFinish={onFinish}
      after={
        <p style={{ marginTop: 16 }}>
          Already have an account? <Link to="/auth/signin">Sign in</Link>
        </p>
      }
    >
      <EmailField rules={rule('email')} />
      <Form.Item label="Full Name" name="name" rules={rule('name')}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Title" name="title" rules={rule('title')}>
        <Input />
      </Form.Item>
      <NewPasswordFields rule={rule} />
    </AuthForm>
  );
}

function ResetRequestForm() {
  const { message } = App.useApp();
  const [busy, run] = useBusy();
  const onFinish = (v: { email: string }) =>
    run(
      async () => {
        await requestPasswordReset(v);
        message.success(RESET_LINK_SENT);
      },
      (err) => message.error(refusalMessage(err, 'Error occurred while sending email')),
    );
  return (
    <AuthForm
      intro="We will email you a link to choose a new password."
      submit="Send Reset Link"
      busy={busy}
      onFinish={onFinish}
      after={
        <p style={{ marginTop: 16 }}>
          <Link to="/auth/signin">Back to sign in</Link>
        </p>
      }
    >
      <Form.Item label="Email" name="email" rules={[zodRule(resetRequestSchema, 'email')]}>
        <Input autoComplete="email" autoFocus />
      </Form.Item>
    </AuthForm>
  );
}

function ChangePasswordForm() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, run] = useBusy();
  const token = search.get('reset-token') ?? '';
  const onFinish = (v: { password: string }) =>
    run(
      async () => {
        await resetPassword(token, v.password);
        message.success(PASSWORD_RESET_DONE);
        setTimeout(() => navigate('/auth/signin'), 1000);
      },
      (err) => message.error(refusalMessage(err, RESET_FAILED)),
    );
  const rule = (f: string) => [zodRule(changePasswordFormSchema, f)];
  return (
    <AuthForm intro="Choose a new password" submit="Change Password" busy={busy} onFinish={onFinish}>
      <NewPasswordFields rule={rule} label="New Password" autoFocus />
    </AuthForm>
  );
}
