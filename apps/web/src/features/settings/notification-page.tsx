import { Alert, App, Button, Card, Form, Skeleton, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../../lib/page';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { type NotificationPrefs, saveNotification, useNotification } from './api';

export default function NotificationPage() {
  const notification = useNotification();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const unsaved = useFormUnsaved();
  const onFinish = async (v: NotificationPrefs) => {
    try {
      await saveNotification(v);
      unsaved.saved();
      await qc.invalidateQueries({ queryKey: ['notification'] });
      message.success('Notification preferences saved');
    } catch {
      message.error('Notification did not changes / Something went wrong');
    }
  };
  return (
    <Page title="Notifications">
      <Card style={{ maxWidth: 520 }}>
        {notification.isError && <Alert type="error" showIcon title="Error updating notification preferences" />}
        {notification.isLoading ? (
          <Skeleton active />
        ) : (
          <Form
            layout="horizontal"
            initialValues={notification.data}
            onFinish={onFinish}
            onValuesChange={unsaved.changed}
            labelCol={{ span: 12 }}
          >
            <Form.Item
              label="App notifications"
              name="app_notification"
              valuePropName="checked"
              extra="New orders pop up in the app"
            >
              <Switch />
            </Form.Item>
            <Form.Item
              label="Email notifications"
              name="email_notification"
              valuePropName="checked"
              extra="New orders are emailed to you"
            >
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              Save
            </Button>
          </Form>
        )}
      </Card>
    </Page>
  );
}
