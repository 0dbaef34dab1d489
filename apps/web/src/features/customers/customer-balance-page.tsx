import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Button, Card, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { downloadResponse, errorMessage, openPrintable } from '../../lib/api';
import { useBusy } from '../../lib/use-busy';
import { Page } from '../../lib/page';
import { type Balance, balancePdf, balancePrintUrl, useBalance } from './api';
import { PermitWarnings } from './permit-warnings';
import { ButtonLink } from '../../lib/button-link';

export const dueLabel = (due: string | null) => (!due || isDueOnDelivery(due) ? 'On Delivery' : formatDate(due));

export default function CustomerBalancePage() {
  const id = Number(useParams().customerId);
  const balance = useBalance(id);
  const { message } = App.useApp();
  const [pdfBusy, run] = useBusy();
  const failed = () => message.error('Error generating pdf');

  const pdf = () => run(async () => downloadResponse(await balancePdf(id), 'balance.pdf'), failed);
  const printable = () => openPrintable(() => balancePrintUrl(id), failed);

  const name = balance.data?.customer.name;
  return (
    <Page
      title={name ? `${name} — Balance` : 'Balance'}
      actions={
        <>
          <Button icon={<FilePdfOutlined />} onClick={pdf} loading={pdfBusy} disabled={!balance.data}>
            Pdf
          </Button>
          <Button icon={<PrinterOutlined />} onClick={printable} disabled={!balance.data}>
            Print
          </Button>
          <ButtonLink to={`/customer/${id}/edit`}>Customer</ButtonLink>
        </>
      }
    >
      {Number.isFinite(id) && <PermitWarnings customerId={id} />}
      {balance.isLoading && <Skeleton active />}
      {balance.error && (
        <Alert
          type="error"
          showIcon
          title="Failed to load balance information."
          description={errorMessage(balance.error)}
        />
      )}
      {balance.data && <BalanceView data={balance.data} />}
    </Page>
  );
}

function BalanceView({ data }: { data: Balance }) {
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="owing">
        Owing: {formatMoney(data.summary.owing)}
      </Typography.Title>
      {data.invoices.length === 0 ? (
        <Empty description="No Balance Information" />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={data.invoices}
          columns={[
            {
              title: 'Invoice',
              dataIndex: 'number',
              render: (n: number, r) => (
                <Link to={`/invoice/${n}${r.beer ? 'B' : ''}`}>
                  #{n}
                  {r.beer ? 'B' : ''}
                </Link>
              ),
            },
            { title: 'Date', dataIndex: 'invoiced_at', render: (d: string) => formatDate(d) },
            { title: 'Total', dataIndex: 'total', align: 'right', render: (v: number) => formatMoney(v) },
            { title: 'Owing', dataIndex: 'owing', align: 'right', render: (v: number) => formatMoney(v) },
            { title: 'Due Date', dataIndex: 'due_at', render: (d: string | null) => dueLabel(d) },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: string) => (
                <Tag color={s === 'partially_paid' ? 'gold' : s === 'payment_due' ? 'red' : 'blue'}>
                  {INVOICE_STATUS_LABELS[s as InvoiceStatus] ?? s}
                </Tag>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
