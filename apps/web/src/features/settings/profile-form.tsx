import { profileSchema } from '@dbo/domain/auth';
import { App, Button, Card, Form, Input } from 'antd';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { saveProfile } from './api';
import { zodRule } from '../../lib/zod-form';
import { useFormUnsaved } from '../../lib/unsaved-changes';

export function ProfileForm() {
  const { user, refresh } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const unsaved = useFormUnsaved();
  const onFinish = async (v: { name: string; password?: string; current_password?: string }) => {
    try {
      await saveProfile(v);
      unsaved.saved();
      await refresh();
      form.setFieldsValue({ password: '', current_password: '' });
      message.success('Your name and password updated successfully.');
    } catch (err) {
      // a wrong current password is the user's to fix, next to the field
      if (err instanceof ApiError && err.status === 400)
        form.setFields([{ name: 'current_password', errors: [errorMessage(err)] }]);
      else message.error('Error occurred while changing name and password.');
    }
  };
  return (
    <Card title="Profile">
      <Form
        form={form}
        name="profile"
        layout="vertical"
        initialValues={{ name: user?.name }}
        onFinish={onFinish}
        onValuesChange={unsaved.changed}
        requiredMark={false}
      >
        <Form.Item label="Name" name="name" rules={[zodRule(profileSchema, 'name')]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          rules={[zodRule(profileSchema, 'password')]}
          extra="Leave empty to keep your password"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Current password"
          name="current_password"
          dependencies={['password']}
          rules={[zodRule(profileSchema, 'current_password')]}
          extra="Needed to set a new password"
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button htmlType="submit">Update Profile</Button>
      </Form>
    </Card>
  );
}
