import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { AGING_BUCKETS, AGING_BUCKET_LABELS } from '@dbo/domain/receivables';
import type { StatementPrint } from '@dbo/domain/statement';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { API_BASE, request } from '../../lib/api';
import '../../lib/print-page.css';

const amount = (n: number) => (n ? formatMoney(n) : '');

/** Public printable customer statement (signed, expiring token naming the customer and period). */
export default function StatementPrintPage() {
  const { token = '' } = useParams();
  const path = `/pdf/customer/statement/${encodeURIComponent(token)}`;
  const q = useQuery({
    queryKey: ['print', 'statement', token],
    queryFn: () => request<StatementPrint>('GET', path, { public: true }),
    retry: false,
  });
  useEffect(() => {
    if (q.data) {
      document.body.dataset.pdfReady = 'true';
      (window as unknown as { pdfReady?: boolean }).pdfReady = true;
    }
  }, [q.data]);
  if (q.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (q.error || !q.data)
    return (
      <main>
        <Result status="error" title={<h1 style={{ fontSize: 'inherit' }}>Sorry, something went wrong!</h1>} />
      </main>
    );
  const s = q.data;
  const { company, customer } = s;
  return (
    <main className="print-page" data-ready="true">
      <div className="print-actions">
        <Button onClick={() => window.print()}>Print</Button>
        <Button type="primary" href={`${API_BASE}${path}?format=pdf`}>
          Download PDF
        </Button>
      </div>
      <header className="print-header">
        <div>
          <h2>{company.name}</h2>
          <div>{company.address}</div>
          <div>
            {company.city}, {company.state} {company.zip}
          </div>
          {company.tabc_id && <div>TABC permit: {company.tabc_id}</div>}
        </div>
        <div style={{ textAlign: 'right' }}>
          <h1>Customer Statement</h1>
          <div>
            {formatDate(s.from)} – {formatDate(s.to)}
          </div>
        </div>
      </header>
      <section className="print-customer">
        <strong>{customer.name}</strong>
        <div>{customer.address}</div>
        <div>
          {customer.city}, {customer.state} {customer.zip}
        </div>
        <div>TABC: {customer.tabc_id}</div>
      </section>
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
        </tbody>
      </table>
    </main>
  );
}
