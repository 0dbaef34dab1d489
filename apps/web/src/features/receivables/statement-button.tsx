import { FilePdfOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { addDays, todayInTexas } from '@dbo/domain/dates';
import { App, Button, Flex, Form, Modal } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { downloadResponse, openPrintable } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { fetchStatementLink, statementPdf } from './api';
import { StatementEmailDialog } from './statement-email-dialog';
import { DayPicker } from '../../lib/day-picker';

/** Statement of a period (default: the last 30 days): a PDF download, its printable page, or e-mailed. */
export function StatementButton({ customerId }: { customerId: number }) {
  const { message } = App.useApp();
  const emailOn = useSession().feature('email');
  const [open, setOpen] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [busy, run] = useBusy();
  const [from, setFrom] = useState(addDays(todayInTexas(), -30));
  const [to, setTo] = useState(todayInTexas());

  const failed = () => message.error('Error generating the statement');
  const download = () =>
    run(async () => {
      await downloadResponse(await statementPdf(customerId, { from, to }), 'statement.pdf');
      setOpen(false);
    }, failed);

  const printable = () => openPrintable(async () => (await fetchStatementLink(customerId, { from, to })).url, failed);

  return (
    <>
      <Button icon={<FilePdfOutlined />} onClick={() => setOpen(true)}>
        Statement
      </Button>
      <Modal
        open={open}
        title="Customer statement"
        onCancel={() => setOpen(false)}
        footer={
          <Flex gap={8} justify="end" wrap>
            <Button icon={<PrinterOutlined />} onClick={printable}>
              Printable page
            </Button>
            {emailOn && (
              <Button
                icon={<MailOutlined />}
                onClick={() => {
                  setOpen(false);
                  setEmailing(true);
                }}
              >
                Email statement
              </Button>
            )}
            <Button type="primary" icon={<FilePdfOutlined />} loading={busy} onClick={download}>
              Download PDF
            </Button>
          </Flex>
        }
      >
        <Form layout="vertical">
          <Flex gap={12}>
            <Form.Item label="From" htmlFor="statement-from">
              <DayPicker id="statement-from" value={from} onChange={setFrom} />
            </Form.Item>
            <Form.Item label="To" htmlFor="statement-to">
              <DayPicker id="statement-to" value={to} onChange={setTo} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
      {emailing && (
        <StatementEmailDialog customerId={customerId} period={{ from, to }} onClose={() => setEmailing(false)} />
      )}
    </>
  );
}
