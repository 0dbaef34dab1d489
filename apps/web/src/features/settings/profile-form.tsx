import { profileSchema } from '@dbo/domain/auth';
import { App, Button, Card, Form, Input } from 'antd';
import { useSession } from '../../app/session';
import { http } from '../../lib/api';
import { zodRule } from '../../lib/zod-form';

export function ProfileForm() {
  const { user, refresh } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const onFinish = async (v: { name: string; password?: string }) => {
    try {
      await http.put('/user', { name: v.name, password: v.password || undefined });
      await refresh();
      form.setFieldValue('password', '');
      message.success('Your name and password updated successfully.');
    } catch {
      message.error('Error occurred while changing name and password.');
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
        <Button htmlType="submit">Update Profile</Button>
      </Form>
    </Card>
  );
}
