import { MailOutlined } from '@ant-design/icons';
import { EMAIL_MSG } from '@dbo/domain/payment';
import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { ErrorAlert } from './form-parts';

/**
 * The 'Send' dialog of an e-mail (invoice, statement): what comes first (`intro`), the error of
 * the last send, then the form's fields.
 */
export function EmailModal({
  open = true,
  title,
  sending,
  error,
  onSend,
  onClose,
  intro,
  children,
}: {
  open?: boolean;
  title: string;
  sending: boolean;
  error: string[] | null;
  onSend: () => unknown;
  onClose: () => void;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText="Send"
      okButtonProps={{ icon: <MailOutlined />, loading: sending }}
      onOk={onSend}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro}
      {error && <ErrorAlert title={EMAIL_MSG.error} errors={error} gap={12} />}
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        {children}
      </Form>
    </Modal>
  );
}
