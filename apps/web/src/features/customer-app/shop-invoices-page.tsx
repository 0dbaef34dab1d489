import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { openShopPdf, type ShopInvoiceRow, useShopInvoices } from './shop-api';
import { useShopPath } from './shop-context';
import { Alert, Button, Card, Empty, Icon, Skeleton, Tag, useToast } from './shop-ui';

const label = (i: { number: number; beer: boolean }) => `${i.number}${i.beer ? 'B' : ''}`;
const due = (d: string | null) => (!d || isDueOnDelivery(d) ? 'On Delivery' : formatDate(d));

function PdfButton({ invoice }: { invoice: ShopInvoiceRow }) {
  const message = useToast();
  return (
    <Button
      icon={<Icon name="pdf" />}
      aria-label={`PDF of invoice #${label(invoice)}`}
      onClick={() => openShopPdf({ invoiceId: invoice.id }).catch(() => message.error('Error generating pdf'))}
    >
      PDF
    </Button>
  );
}

/** My invoices, and /invoice/{id} (the customer-app link of spec 1) showing one of them. */
export default function ShopInvoicesPage() {
  const { id } = useParams();
  const path = useShopPath();
  const invoices = useShopInvoices();
  const rows = invoices.data?.rows ?? [];
  const one = id ? rows.find((r) => String(r.id) === id) : undefined;
  if (invoices.isLoading) return <Skeleton />;
  if (id && !one)
    return (
      <>
        <h1>Invoice</h1>
        <Alert type="warning" title="Invoice not found" />
      </>
    );
  return (
    <>
      <h1>{one ? `Invoice #${label(one)}` : 'My invoices'}</h1>
      {!one && (
        <p>
          <Link to={path('/balance')}>See my balance</Link>
        </p>
      )}
      {invoices.error && <Alert type="error" title={errorMessage(invoices.error)} />}
      {!rows.length ? (
        <Empty description="No invoices yet" />
      ) : (
        (one ? [one] : rows).map((i) => (
          <Card className="shop-card" key={i.id} data-testid="shop-invoice">
            <div className="shop-product">
              <div>
                <Link to={path(`/invoice/${i.id}`)} className="shop-product-name">
                  Invoice #{label(i)}
                </Link>
                <div>
                  <span className="shop-muted">
                    {formatDate(i.invoiced_at)} · Due {due(i.due_at)}
                  </span>
                </div>
                <Tag>{INVOICE_STATUS_LABELS[i.status as InvoiceStatus] ?? i.status}</Tag>
                <strong>{formatMoney(i.total)}</strong>
              </div>
              <PdfButton invoice={i} />
            </div>
          </Card>
        ))
      )}
    </>
  );
}
