import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { AGING_BUCKETS, AGING_BUCKET_LABELS } from '@dbo/domain/receivables';
import { statementPrintPage } from '@dbo/domain/endpoints/receivables';
import { useParams } from 'react-router';
import { PublicPrintPage } from '../../lib/public-print-page';

const amount = (n: number) => (n ? formatMoney(n) : '');

/** Public printable customer statement (signed, expiring token naming the customer and period). */
export default function StatementPrintPage() {
  const { token = '' } = useParams();
  return (
    <PublicPrintPage
      endpoint={statementPrintPage}
      args={{ params: { token } }}
      title="Customer Statement"
      subtitle={(s) => `${formatDate(s.from)} – ${formatDate(s.to)}`}
    >
      {(s) => (
        <>
          <table className="print-table" aria-label="Statement lines with the running balance">
            <thead>
              <tr>
                <th>Date</th>
                <th>Reference</th>
                <th>Description</th>
                <th className="num">Charge</th>
                <th className="num">Credit</th>
                <th className="num">Balance</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{formatDate(s.from)}</td>
                <td />
                <td>Opening balance</td>
                <td />
                <td />
                <td className="num">{formatMoney(s.opening_balance)}</td>
              </tr>
              {s.lines.map((l) => (
                <tr key={`${l.kind}-${l.id}`}>
                  <td>{formatDate(l.date)}</td>
                  <td>{l.ref}</td>
                  <td>{l.description}</td>
                  <td className="num">{amount(l.charge)}</td>
                  <td className="num">{amount(l.credit)}</td>
                  <td className="num">{formatMoney(l.balance)}</td>
                </tr>
              ))}
              <tr style={{ fontWeight: 600 }}>
                <td>{formatDate(s.to)}</td>
                <td />
                <td>Closing balance</td>
                <td />
                <td />
                <td className="num" data-testid="closing-balance">
                  {formatMoney(s.closing_balance)}
                </td>
              </tr>
            </tbody>
          </table>
          <h3 style={{ marginTop: 20 }}>Aging of open invoices</h3>
          <table className="print-table" aria-label="Aging of open invoices">
            <thead>
              <tr>
                {AGING_BUCKETS.map((b) => (
                  <th key={b} className="num">
                    {AGING_BUCKET_LABELS[b]}
                  </th>
                ))}
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                {AGING_BUCKETS.map((b) => (
                  <td key={b} className="num">
                    {formatMoney(s.aging[b])}
                  </td>
                ))}
                <td className="num">{formatMoney(s.aging.total)}</td>
              </tr>
              {s.on_account_credit > 0 && (
                <>
                  <tr>
                    <td colSpan={AGING_BUCKETS.length}>Less credit on account</td>
                    <td className="num" data-testid="on-account-credit">
                      {formatMoney(-s.on_account_credit)}
                    </td>
                  </tr>
                  <tr style={{ fontWeight: 600 }}>
                    <td colSpan={AGING_BUCKETS.length}>Balance</td>
                    <td className="num">{formatMoney(s.closing_balance)}</td>
                  </tr>
                </>
              )}
            </tbody>
          </table>
        </>
      )}
    </PublicPrintPage>
  );
}
