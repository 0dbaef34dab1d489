import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { API_BASE, request } from '../../lib/api';
import '../../lib/print-page.css';

interface PrintData {
  summary: { owing: number };
  invoices: {
    id: number;
    number: number;
    beer: boolean;
    invoiced_at: string;
    due_at: string | null;
    total: number;
    owing: number;
    status: string;
  }[];
  customer: { name: string; address: string; city: string; state: string; zip: string; tabc_id: string };
  company: { name: string; address: string; city: string; state: string; zip: string; tabc_id: string };
}

/** Public printable customer balance (signed, expiring token). Marks itself ready for PDF export. */
export default function BalancePrintPage() {
  const { token = '' } = useParams();
  const q = useQuery({
    queryKey: ['print', 'balance', token],
    queryFn: () => request<PrintData>('GET', `/pdf/customer/balance/${encodeURIComponent(token)}`, { public: true }),
    retry: false,
  });
  useEffect(() => {
    if (q.data) {
      document.body.dataset.pdfReady = 'true';
      (window as unknown as { pdfReady?: boolean }).pdfReady = true;
    }
  }, [q.data]);
  if (q.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (q.error || !q.data) return <Result status="error" title="Sorry, something went wrong!" />;
  const { company, customer, invoices, summary } = q.data;
  return (
    <main className="print-page" data-ready="true">
      <div className="print-actions">
        <Button onClick={() => window.print()}>Print</Button>
        <Button type="primary" href={`${API_BASE}/pdf/customer/balance/${encodeURIComponent(token)}?format=pdf`}>
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
          {company.tabc_id && <div>TABC: {company.tabc_id}</div>}
        </div>
        <div style={{ textAlign: 'right' }}>
          <h1>Customer Balance</h1>
          <div>{formatDate(todayInTexas())}</div>
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
    </main>
  );
}
