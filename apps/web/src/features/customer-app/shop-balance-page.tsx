import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { openShopPdf, useShopBalance } from './shop-api';
import { useShopPath } from './shop-context';
import { Alert, Button, Card, Icon, Skeleton, Tag, useToast } from './shop-ui';

export default function ShopBalancePage() {
  const path = useShopPath();
  const balance = useShopBalance();
  const message = useToast();
  if (balance.isLoading) return <Skeleton />;
  if (balance.error || !balance.data)
    return <Alert type="error" title="Failed to load balance information." description={errorMessage(balance.error)} />;
  const { summary, invoices } = balance.data;
  return (
    <>
      <h1>My balance</h1>
      <Card className="shop-card">
        <div className="shop-product">
          <span style={{ fontSize: 18 }}>
            Owing: <strong data-testid="shop-owing">{formatMoney(summary.owing)}</strong>
          </span>
          <Button
            icon={<Icon name="pdf" />}
            onClick={() => openShopPdf('balance').catch(() => message.error('Error generating pdf'))}
          >
            Pdf
          </Button>
        </div>
      </Card>
      {invoices.length === 0 ? (
        <p>No Balance Information</p>
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
                  <span className="shop-muted">
                    {formatDate(i.invoiced_at)} · Due{' '}
                    {!i.due_at || isDueOnDelivery(i.due_at) ? 'On Delivery' : formatDate(i.due_at)}
                  </span>
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
