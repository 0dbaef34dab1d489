import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { receivedLine } from '@dbo/domain/delivery';
import { formatMoney } from '@dbo/domain/money';
import { printableInvoice } from '@dbo/domain/endpoints/pdf';
import { useParams } from 'react-router';
import { PartyLines } from '../../lib/party-lines';
import '../../lib/print-sheet.css';
import { usePrintSheet } from '../../lib/use-print-data';
import './print.css';

/** Public printable invoice (/invoice/pdf/{token}); the token is signed and expires. */
export default function InvoicePrintPage() {
  const { token = '' } = useParams();
  const { data: inv, failed } = usePrintSheet(
    printableInvoice,
    { params: { token } },
    'invoice',
    (i) => `Invoice #${i.number_label} · ${i.company.name}`,
    '.print-page .seller img',
  );

  if (failed) return <div className="print-error">Sorry, something went wrong!</div>;
  if (!inv) return <div className="print-error muted">Loading…</div>;

  const c = inv.company;
  const cu = inv.customer;
  const due = !inv.due_at ? '-' : isDueOnDelivery(inv.due_at) ? 'Due on delivery' : formatDate(inv.due_at);
  return (
    <main>
      <div className="print-actions">
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div className="print-page print-sheet" data-testid="print-invoice">
        <div className="head">
          <div className="seller">
            {inv.logo && <img src={inv.logo.path} alt="" />}
            <div>
              <strong style={{ fontSize: 18 }}>{c.name}</strong>
              <PartyLines party={c} className="muted" />
            </div>
          </div>
          <div className="right">
            <h1>INVOICE</h1>
            <strong>Invoice #{inv.number_label}</strong>
            <div>Invoice Date: {formatDate(inv.invoiced_at)}</div>
            <div>Due Date: {due}</div>
            <div>Status: {INVOICE_STATUS_LABELS[inv.status as InvoiceStatus] ?? inv.status}</div>
          </div>
        </div>
        <div className="bill">
          <div className="muted" style={{ fontSize: 11, fontWeight: 700 }}>
            BILL TO
          </div>
          <strong style={{ fontSize: 15 }}>{cu?.name ?? 'Deleted customer'}</strong>
          {cu && (
            <>
              <PartyLines party={cu} />
              {(cu.contact_name || cu.contact_phone) && (
                <div className="muted">{[cu.contact_name, cu.contact_phone].filter(Boolean).join(' · ')}</div>
              )}
            </>
          )}
        </div>
        <table className="items">
          <thead>
            <tr>
              <th>Class</th>
              <th>Brand</th>
              <th>Size</th>
              <th className="num">Qty</th>
              <th className="num">Price</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {inv.items.map((i) => (
              <tr key={i.id}>
                <td>{i.class}</td>
                <td>{i.product}</td>
                <td>{i.product_size}</td>
                <td className="num">{i.qty}</td>
                <td className="num">{formatMoney(i.price)}</td>
                <td className="num">{formatMoney(i.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="foot">
          <div>
            <strong>TABC Stamps ({inv.stamp_count})</strong>
            <div>
              {inv.stamps.length
                ? inv.stamps
                    .map((r) =>
                      r.from === r.to
                        ? `${r.prefix}${r.from} (1)`
                        : `${r.prefix}${r.from}-${r.prefix}${r.to} (${r.count})`,
                    )
                    .join(', ')
                : 'No stamps'}
            </div>
          </div>
          <table className="totals">
            <tbody>
              <tr>
                <td>Subtotal</td>
                <td>{formatMoney(inv.sub_total)}</td>
              </tr>
              <tr>
                <td>Tax ({inv.tax_rate}%)</td>
                <td>{formatMoney(inv.tax_total)}</td>
              </tr>
              <tr className="grand">
                <td>Total</td>
                <td>{formatMoney(inv.total)}</td>
              </tr>
              {inv.paid_total > 0 && (
                <>
                  <tr>
                    <td>Paid</td>
                    <td>{formatMoney(inv.paid_total)}</td>
                  </tr>
                  <tr className="grand">
                    <td>Balance Due</td>
                    <td>{formatMoney(inv.remaining)}</td>
                  </tr>
                </>
              )}
            </tbody>
          </table>
        </div>
        {inv.note?.trim() && (
          <div style={{ marginTop: 14 }}>
            <strong>Notes</strong>
            <div style={{ whiteSpace: 'pre-wrap' }}>{inv.note}</div>
          </div>
        )}
        {inv.company_note?.trim() && (
          <div style={{ marginTop: 10 }}>
            <strong>From the distributor</strong>
            <div style={{ whiteSpace: 'pre-wrap' }}>{inv.company_note}</div>
          </div>
        )}
        {inv.received ? (
          <div className="signed-receipt" style={{ marginTop: 24 }}>
            {inv.received.signature && (
              <img
                src={inv.received.signature}
                alt={`Signature of ${inv.received.received_by}`}
                style={{ maxWidth: 260, maxHeight: 70, display: 'block' }}
              />
            )}
            <div style={{ borderTop: '1px solid #222', width: 300, paddingTop: 4 }}>
              {receivedLine(inv.received.received_by, inv.received.received_at)}
            </div>
          </div>
        ) : (
          <div className="sign">
            <div style={{ width: 300 }}>Received by (signature and printed name)</div>
            <div style={{ width: 140 }}>Date</div>
          </div>
        )}
        <div className="muted" style={{ fontSize: 11, marginTop: 6 }}>
          Received the merchandise listed above in good condition.
        </div>
      </div>
    </main>
  );
}
