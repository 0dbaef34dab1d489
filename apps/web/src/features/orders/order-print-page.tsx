import { productTypeLabel } from '@dbo/domain/constants';
import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { ORDER_MSG } from '@dbo/domain/order';
import { fillPath } from '@dbo/domain/endpoint';
import { printableOrder } from '@dbo/domain/endpoints/orders-staff';
import { useParams } from 'react-router';
import { API_BASE } from '../../lib/api';
import type { OrderItemView } from './api';
import { orderStatusLabel } from '../../lib/order-status-tag';
import { PartyLines } from '../../lib/party-lines';
import '../../lib/print-sheet.css';
import { usePrintSheet } from '../../lib/use-print-data';
import './orders.css';

function lineName(i: OrderItemView) {
  return i.product ? `${i.product.product} ${i.product.product_size}`.trim() : ORDER_MSG.deletedProduct;
}

/** Public printable order (/order/pdf/{token}); the token is signed and expires. */
export default function OrderPrintPage() {
  const { token = '' } = useParams();
  const { data: order, failed } = usePrintSheet(
    printableOrder,
    { params: { token } },
    'order',
    (o) => `Order #${o.order_number} · ${o.company.name}`,
    '.order-print .seller img',
  );

  if (failed) return <div className="order-print-error">Sorry, something went wrong!</div>;
  if (!order) return <div className="order-print-error">Loading…</div>;
  const c = order.company;
  const cu = order.customer ?? order.customerUser?.customer ?? null;
  const companyNotes = order.note;
  return (
    <>
      <div className="order-print-actions">
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <a href={`${API_BASE}${fillPath(printableOrder.path, { token })}?format=pdf`}>Download PDF</a>
      </div>
      <main className="order-print print-sheet" data-testid="print-order">
        <div className="head">
          <div className="seller">
            {order.logo && <img src={order.logo} alt="" />}
            <div>
              <strong style={{ fontSize: 18 }}>{c.name}</strong>
              <PartyLines party={c} />
            </div>
          </div>
          <div style={{ textAlign: 'right' }}>
            <h1>ORDER #{order.order_number}</h1>
            <div>Ordered: {formatDateTime(order.ordered_at ?? order.created_at)}</div>
            <div>Status: {orderStatusLabel(order.status)}</div>
            {order.invoices.length > 0 && (
              <div>Invoices: {order.invoices.map((i) => `#${i.number}${i.beer ? 'B' : ''}`).join(', ')}</div>
            )}
          </div>
        </div>
        <section className="bill">
          <strong>Customer</strong>
          {cu ? (
            <>
              <div>{cu.name}</div>
              <PartyLines party={cu} />
            </>
          ) : (
            <div>{ORDER_MSG.deletedCustomer}</div>
          )}
          {order.customerUser && (
            <div>
              Order Placed by {order.customerUser.name} ({order.customerUser.email})
            </div>
          )}
        </section>
        <table className="items">
          <thead>
            <tr>
              <th>Type</th>
              <th className="num">Qty</th>
              <th>Product</th>
              <th className="num">Price</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((i) => (
              <tr key={i.id} className={i.is_rejected ? 'struck' : undefined}>
                <td>{productTypeLabel(i.product?.product_type)}</td>
                <td className="num">
                  {i.previous_qty !== null && i.new_qty !== null ? `${i.previous_qty} → ${i.new_qty}` : i.qty}
                </td>
                <td>
                  {lineName(i)}
                  {i.is_rejected && (
                    <div className="note">Rejected{i.rejection_note ? `: ${i.rejection_note}` : ''}</div>
                  )}
                  {i.is_added && <div className="note">{ORDER_MSG.addedItem}</div>}
                  {i.qty_change_note && <div className="note">{i.qty_change_note}</div>}
                  {i.price_change_note && <div className="note">{i.price_change_note}</div>}
                </td>
                <td className="num">
                  {i.previous_price !== null && i.new_price !== null
                    ? `${formatMoney(i.previous_price)} → ${formatMoney(i.new_price)}`
                    : formatMoney(i.price)}
                </td>
                <td className="num">{formatMoney(i.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4} className="num">
                <strong>Total</strong>
              </td>
              <td className="num">
                <strong>{formatMoney(order.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
        {companyNotes.length > 0 && (
          <section className="bill">
            <strong>Notes</strong>
            {companyNotes.map((n) => (
              <p key={n.id}>
                {n.company_user_id ? '[From Distributor] ' : ''}
                {n.note} <span className="note">({formatDate(n.created_at)})</span>
              </p>
            ))}
          </section>
        )}
      </main>
    </>
  );
}
