import type { PanelInvoice } from '../../lib/extensions';
import { FilePdfOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { EMAIL_MSG, emailAddressSchema } from '@dbo/domain/payment';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { downloadBlob, errorMessages, openPrintable } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { EmailModal } from '../../lib/email-modal';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { fetchInvoicePdf, fetchPrintLink, invoiceRef, useInvoiceEmails, useSendInvoiceEmail } from './api';

const { Text } = Typography;

function SendEmailDialog({ invoice, open, onClose }: { invoice: PanelInvoice; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const emails = useInvoiceEmails(invoice.id);
  const send = useSendInvoiceEmail(invoice);
  const [recipients, setRecipients] = useState<string[]>(() => {
    const contact = invoice.customer?.contact_email;
    return contact && emailAddressSchema.safeParse(contact).success ? [String(contact).toLowerCase()] : [];
  });
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string[] | null>(null);
  // an address or a note typed and not sent yet is asked about before the page is left (issue 30)
  useUnsavedChangesPrompt(open && (notes.trim() !== '' || address.trim() !== ''));

  const add = () => {
    const parsed = emailAddressSchema.safeParse(address);
    if (!parsed.success) {
      setAddressError(EMAIL_MSG.invalid);
      return;
    }
    setAddressError(null);
    if (!recipients.includes(parsed.data)) setRecipients([...recipients, parsed.data]);
    setAddress('');
  };

  const submit = async () => {
    setError(null);
    // an address typed but not added yet goes with the others; one that is not an address stops
    // the send and says so (issue 36: it was dropped without a word)
    let to = recipients;
    if (address.trim()) {
      const parsed = emailAddressSchema.safeParse(address);
      if (!parsed.success) {
        setAddressError(EMAIL_MSG.invalid);
        return;
      }
      to = recipients.includes(parsed.data) ? recipients : [...recipients, parsed.data];
      setRecipients(to);
      setAddress('');
    }
    if (!to.length) {
      setAddressError(EMAIL_MSG.empty);
      return;
    }
    try {
      await send.mutateAsync({ emails: to, notes });
      message.success(EMAIL_MSG.sent);
      setNotes('');
      onClose();
    } catch (err) {
      setError(errorMessages(err, EMAIL_MSG.failed));
    }
  };

  const sentTo = [...new Set((emails.data ?? []).flatMap((e) => e.emailed_to.split(',').map((s) => s.trim())))];

  return (
    <EmailModal
      open={open}
      title={`Email Invoice #${invoiceRef(invoice)}`}
      sending={send.isPending}
      error={error}
      onSend={submit}
      onClose={onClose}
      intro={
        sentTo.length > 0 && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={EMAIL_MSG.alreadySent(sentTo.join(', '))} />
        )
      }
    >
      <Form.Item
        label="Recipients"
        validateStatus={addressError ? 'error' : undefined}
        help={addressError ?? 'Add the addresses one by one.'}
      >
        <Flex gap={8}>
          <Input
            aria-label="Email address"
            placeholder="name@example.com"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              setAddressError(null);
            }}
            onPressEnter={(e) => {
              e.preventDefault();
              add();
            }}
          />
          <Button onClick={add}>Add</Button>
        </Flex>
      </Form.Item>
      <Flex gap={4} wrap style={{ marginBottom: 16 }} data-testid="email-recipients">
        {recipients.map((r) => (
          <Tag key={r} closable onClose={() => setRecipients(recipients.filter((x) => x !== r))}>
            {r}
          </Tag>
        ))}
      </Flex>
      <Form.Item label="Note (optional)">
        <Input.TextArea aria-label="Email note" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Form.Item>
    </EmailModal>
  );
}

/** Email (email feature), PDF and printable page of the invoice, with the emails already sent. */
export default function SharePanel({ invoice }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const { feature } = useSession();
  const emailOn = feature('email');
  const [open, setOpen] = useState(false);
  const [pdfBusy, run] = useBusy();
  const emails = useInvoiceEmails(invoice.id);

  const failed = () => message.error('Error generating pdf');
  const openPdf = () =>
    run(async () => downloadBlob(await fetchInvoicePdf(invoice), `invoice-${invoiceRef(invoice)}.pdf`), failed);

  const printable = () => openPrintable(async () => (await fetchPrintLink(invoice.id)).url, failed);

  return (
    <Card
      title="Send and print"
      size="small"
      data-testid="share-panel"
      extra={
        <Flex gap={8}>
          {emailOn && (
            <Button icon={<MailOutlined />} onClick={() => setOpen(true)}>
              Email
            </Button>
          )}
          <Button icon={<FilePdfOutlined />} loading={pdfBusy} onClick={openPdf}>
            PDF
          </Button>
          <Button icon={<PrinterOutlined />} onClick={printable} aria-label="Printable page" />
        </Flex>
      }
    >
      {emailOn ? (
        <List
          size="small"
          loading={emails.isLoading}
          dataSource={emails.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not emailed yet" /> }}
          renderItem={(e) => (
            <List.Item>
              <div>
                <div>{e.emailed_to}</div>
                <Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(e.created_at)}
                  {e.user ? ` · ${e.user}` : ''}
                  {e.notes ? ` · ${e.notes}` : ''}
                </Text>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Text type="secondary">Download the PDF or open the printable page.</Text>
      )}
      {open && <SendEmailDialog invoice={invoice} open={open} onClose={() => setOpen(false)} />}
    </Card>
  );
}
