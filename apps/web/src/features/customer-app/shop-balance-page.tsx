import { FilePdfOutlined } from '@ant-design/icons';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { openShopPdf, useShopBalance } from './shop-api';
import { useShopPath } from './shop-context';

export default function ShopBalancePage() {
  const path = useShopPath();
  const balance = useShopBalance();
  const { message } = App.useApp();
  if (balance.isLoading) return <Skeleton active />;
  if (balance.error || !balance.data)
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load balance information."
        description={errorMessage(balance.error)}
      />
    );
  const { summary, invoices, pdf_path } = balance.data;
  return (
    <>
      <h1>My balance</h1>
      <Card className="shop-card">
        <div className="shop-product">
          <span style={{ fontSize: 18 }}>
            Owing: <strong data-testid="shop-owing">{formatMoney(summary.owing)}</strong>
          </span>
          <Button
            icon={<FilePdfOutlined />}
            onClick={() => openShopPdf(pdf_path).catch(() => message.error('Error generating pdf'))}
          >
            Pdf
          </Button>
        </div>
      </Card>
      {invoices.length === 0 ? (
        <Typography.Paragraph>No Balance Information</Typography.Paragraph>
      ) : (
        invoices.map((i) => (
          <Card className="shop-card" key={i.id}>
            <div className="shop-product">
              <div>
                <Link to={path(`/invoice/${i.id}`)} className="shop-product-name">
                  Invoice #{i.number}
                  {i.beer ? 'B' : ''}
                </Link>
                <div>
                  <Typography.Text type="secondary">
                    {formatDate(i.invoiced_at)} · Due{' '}
                    {!i.due_at || isDueOnDelivery(i.due_at) ? 'On Delivery' : formatDate(i.due_at)}
                  </Typography.Text>
                </div>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Tag>{INVOICE_STATUS_LABELS[i.status as InvoiceStatus] ?? i.status}</Tag>
                <div>{formatMoney(i.total)}</div>
              </div>
            </div>
          </Card>
        ))
      )}
    </>
  );
}
