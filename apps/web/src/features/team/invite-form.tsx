import { ROLE_LABELS, ROLES } from '@dbo/domain/permissions';
import { type InvitationInput, invitationSchema } from '@dbo/domain/team';
import { App, Button, Form, Input, Select } from 'antd';
import { errorMessage } from '../../lib/api';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { zodRule } from '../../lib/zod-form';
import { useInvite } from './api';

/** Invite (name, email, role): the server mails a link that signs the invitee up into this company. */
export function InviteForm() {
  const [form] = Form.useForm<InvitationInput>();
  const { message } = App.useApp();
  const invite = useInvite();
  // a name or email typed and not sent asks before the page is left (issue 30)
  const unsaved = useFormUnsaved();
  const onFinish = async (v: InvitationInput) => {
    try {
      await invite.mutateAsync(v);
      message.success(`Invitation sent to ${v.email}`);
      form.resetFields();
      unsaved.saved();
    } catch (err) {
      form.setFields([{ name: 'email', errors: [errorMessage(err)] }]);
    }
  };
  const rule = (f: string) => [zodRule(invitationSchema, f)];
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={onFinish}
      onValuesChange={unsaved.changed}
      initialValues={{ role: 'office' }}
      aria-label="Invite a user"
    >
      <Form.Item label="Name" name="name" rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={rule('email')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Role" name="role" rules={rule('role')}>
        <Select
          style={{ width: 140 }}
          aria-label="Role"
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        Invite
      </Button>
    </Form>
  );
}
