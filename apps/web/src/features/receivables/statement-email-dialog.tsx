import { formatDate } from '@dbo/domain/dates';
import { EMAIL_MSG } from '@dbo/domain/payment';
import { recipientList } from '@dbo/domain/statement';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessages } from '../../lib/api';
import { EmailModal } from '../../lib/email-modal';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { useCustomerEmail, useEmailStatement } from './api';

/** The statement of a period e-mailed as a PDF; the recipients start as the customer's email. */
export function StatementEmailDialog({
  customerId,
  period,
  onClose,
}: {
  customerId: number;
  period: { from: string; to: string };
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const customerEmail = useCustomerEmail(customerId, true);
  const send = useEmailStatement(customerId);
  // null until typed into: the customer's email once it has loaded
  const [typed, setTyped] = useState<string | null>(null);
  const recipients = typed ?? customerEmail.data ?? '';
  const [subject, setSubject] = useState('');
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  // a subject or a message typed and not sent yet is asked about before the page is left (issue 30)
  useUnsavedChangesPrompt(subject.trim() !== '' || note.trim() !== '');

  const submit = async () => {
    setError(null);
    const { emails, invalid } = recipientList(recipients);
    if (invalid.length) return setFieldError(`${EMAIL_MSG.invalid}: ${invalid.join(', ')}`);
    if (!emails.length) return setFieldError(EMAIL_MSG.empty);
    try {
      const res = await send.mutateAsync({
        ...period,
        to_emails: emails,
        subject: subject.trim() || undefined,
        message: note.trim() || undefined,
      });
      message.success(`${res.message} to ${res.emailed_to.join(', ')}`);
      onClose();
    } catch (err) {
      setError(errorMessages(err, EMAIL_MSG.failed));
    }
  };

  return (
    <EmailModal
      title="Email statement"
      sending={send.isPending}
      error={error}
      onSend={submit}
      onClose={onClose}
      intro={
        <p>
          The statement of {formatDate(period.from)} – {formatDate(period.to)} is sent as a PDF attachment.
        </p>
      }
    >
      <Form.Item
        label="Recipients"
        htmlFor="statement-recipients"
        validateStatus={fieldError ? 'error' : undefined}
        help={fieldError ?? 'Separate several addresses with commas.'}
      >
        <Input
          id="statement-recipients"
          placeholder="name@example.com"
          value={recipients}
          onChange={(e) => {
            setTyped(e.target.value);
            setFieldError(null);
          }}
        />
      </Form.Item>
      <Form.Item label="Subject (optional)" htmlFor="statement-subject">
        <Input id="statement-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
      </Form.Item>
      <Form.Item label="Message (optional)" htmlFor="statement-message">
        <Input.TextArea id="statement-message" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      </Form.Item>
    </EmailModal>
  );
}
