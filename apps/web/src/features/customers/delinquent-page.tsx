import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { App, Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadBlob, errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { type DelinquentAccount, delinquentFile, useDelinquentAccounts } from './api';

type Row = DelinquentAccount['invoices'][number] & { account: DelinquentAccount; first: boolean; span: number };

/** The report the credit law asks the seller to file: delinquent accounts, with CSV and PDF. */
export default function DelinquentPage() {
  const { message } = App.useApp();
  const { data, isLoading } = useDelinquentAccounts();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const accounts = data?.rows ?? [];
  const rows: Row[] = accounts.flatMap((a) =>
    a.invoices.map((i, n) => ({ ...i, account: a, first: n === 0, span: n === 0 ? a.invoices.length : 0 })),
  );
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      const res = await delinquentFile(format);
      downloadBlob(await res.blob(), `delinquent-accounts-${todayInTexas()}.${format}`);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const total = accounts.reduce((s, a) => s + Math.round(a.amount * 100), 0) / 100;
  return (
    <Page
      title="Delinquent Accounts"
      actions={
        <>
          <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void download('csv')}>
            Download CSV
          </Button>
          <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
            Download PDF
          </Button>
        </>
      }
    >
      <Typography.Paragraph type="secondary">
        Texas Alcoholic Beverage Code §102.32: an account is delinquent when a liquor or wine invoice sold on credit is
        still unpaid on the fourth business day after its due date (Sundays and the company's holidays are not business
        days). Liquor and wine cannot be sold to a delinquent retailer.
      </Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'No delinquent accounts' }}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6}>
                <strong>
                  {accounts.length} account{accounts.length === 1 ? '' : 's'}
                </strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                <strong data-testid="delinquent-total">{formatMoney(total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
        columns={[
          {
            title: 'Permit',
            key: 'permit',
            render: (_, r) => r.account.permit,
            onCell: (r) => ({ rowSpan: r.span }),
          },
          {
            title: 'Trade Name',
            key: 'trade_name',
            render: (_, r) => r.account.trade_name,
            onCell: (r) => ({ rowSpan: r.span }),
          },
          {
            title: 'Invoice',
            dataIndex: 'display_number',
            render: (n: string) => <Link to={`/invoice/${n}`}>{n}</Link>,
          },
          { title: 'Invoice Date', dataIndex: 'invoiced_at', render: (d: string) => formatDate(d) },
          { title: 'Due Date', dataIndex: 'due_at', render: (d: string) => formatDate(d) },
          { title: 'Delinquent From', dataIndex: 'delinquent_from', render: (d: string) => formatDate(d) },
          { title: 'Owing', dataIndex: 'owing', align: 'right', render: (v: number) => formatMoney(v) },
        ]}
      />
    </Page>
  );
}
