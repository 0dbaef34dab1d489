import { FilePdfOutlined } from '@ant-design/icons';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { App, Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { downloadBlob, request } from '../../lib/api';

/** Statement of a period (default: the last 30 days) as a PDF download. */
export function StatementButton({ customerId }: { customerId: number }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState(addDays(todayInTexas(), -30));
  const [to, setTo] = useState(todayInTexas());

  const download = async () => {
    setBusy(true);
    try {
      const res = await request<Response>('POST', `/customer/${customerId}/statement/pdf`, {
        body: { from, to },
        raw: true,
      });
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'statement.pdf';
      downloadBlob(await res.blob(), name);
      setOpen(false);
    } catch {
      message.error('Error generating the statement');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<FilePdfOutlined />} onClick={() => setOpen(true)}>
        Statement
      </Button>
      <Modal
        open={open}
        title="Customer statement"
        okText="Download PDF"
        onOk={download}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
      >
        <Form layout="vertical">
          <Flex gap={12}>
            <Form.Item label="From" htmlFor="statement-from">
              <Input id="statement-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </Form.Item>
            <Form.Item label="To" htmlFor="statement-to">
              <Input id="statement-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </>
  );
}
