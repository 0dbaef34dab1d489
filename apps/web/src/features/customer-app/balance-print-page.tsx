import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { useParams } from 'react-router';
import { balancePrintPage } from '@dbo/domain/endpoints/customer-balance';
import { PublicPrintPage } from '../../lib/public-print-page';

/** Public printable customer balance (signed, expiring token). */
export default function BalancePrintPage() {
  const { token = '' } = useParams();
  return (
    <PublicPrintPage
      endpoint={balancePrintPage}
      args={{ params: { token } }}
      title="Customer Balance"
      subtitle={() => formatDate(todayInTexas())}
    >
      {({ invoices, summary }) => (
        <>
          <h3>Owing: {formatMoney(summary.owing)}</h3>
          {invoices.length === 0 ? (
            <p>No Balance Information</p>
          ) : (
            <table className="print-table">
              <thead>
                <tr>
                  <th>Invoice</th>
                  <th>Date</th>
                  <th>Due Date</th>
                  <th>Status</th>
                  <th className="num">Total</th>
                  <th className="num">Owing</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((i) => (
                  <tr key={i.id}>
                    <td>
                      #{i.number}
                      {i.beer ? 'B' : ''}
                    </td>
                    <td>{formatDate(i.invoiced_at)}</td>
                    <td>{!i.due_at || isDueOnDelivery(i.due_at) ? 'On Delivery' : formatDate(i.due_at)}</td>
                    <td>{INVOICE_STATUS_LABELS[i.status as InvoiceStatus] ?? i.status}</td>
                    <td className="num">{formatMoney(i.total)}</td>
                    <td className="num">{formatMoney(i.owing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </PublicPrintPage>
  );
}
