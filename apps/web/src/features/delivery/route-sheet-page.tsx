import { formatMoney } from '@dbo/domain/money';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useRouteSheet } from './api';
import '../../lib/print-sheet.css';
import './delivery.css';

/**
 * The route sheet the driver takes on the truck (/delivery/route/{id}/sheet, opened from the
 * office's delivery screen with the staff's session): stops in order, each customer's address and
 * contact, the invoices with their lines in cases and bottles, the COD amount to collect, and the
 * 2.4-gallon warnings. A page of its own so it prints without the menu.
 */
export default function RouteSheetPage() {
  const { id = '' } = useParams();
  const q = useRouteSheet(id);
  useEffect(() => {
    if (q.data) document.title = `Route #${q.data.id} · ${q.data.date}`;
  }, [q.data]);

  if (q.isLoading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  if (q.error || !q.data)
    return (
      <main>
        <Result
          status="error"
          title={<h1 style={{ fontSize: 'inherit' }}>Sorry, something went wrong!</h1>}
          subTitle={errorMessage(q.error)}
        />
      </main>
    );
  const r = q.data;
  return (
    <>
      <div className="route-sheet-actions">
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <main className="print-sheet route-sheet" data-testid="route-sheet">
        <h1 style={{ fontSize: 20, margin: 0 }}>
          Route #{r.id} · {r.date}
        </h1>
        <p style={{ margin: '4px 0 0' }}>
          Driver: <strong>{r.driver_name || 'none'}</strong> · {r.progress.stops} stops · {r.progress.invoices} invoices
          · COD to collect <strong>{formatMoney(r.stops.reduce((s, x) => s + x.cod_amount, 0))}</strong>
        </p>
        {r.stops.map((s) => (
          <section key={s.id} className="route-sheet-stop" aria-label={`Stop ${s.position}: ${s.customer.name}`}>
            <h2 style={{ fontSize: 15, margin: '0 0 2px' }}>
              {s.position}. {s.customer.name}
              {s.done ? ' — delivered' : ''}
            </h2>
            <div>
              {[s.customer.address, s.customer.city, `${s.customer.state} ${s.customer.zip}`.trim()]
                .filter(Boolean)
                .join(', ')}
              {(s.customer.contact_name || s.customer.contact_phone) &&
                ` · ${[s.customer.contact_name, s.customer.contact_phone].filter(Boolean).join(' ')}`}
            </div>
            {s.cod_amount > 0 && (
              <div>
                <strong>Collect on delivery: {formatMoney(s.cod_amount)}</strong>
              </div>
            )}
            {s.warnings.map((w) => (
              <div key={w} className="stop-warning">
                {w}
              </div>
            ))}
            <table className="items">
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Product</th>
                  <th scope="col">Size</th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    Cases
                  </th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    Bottles
                  </th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    Qty
                  </th>
                  <th scope="col">Delivered</th>
                </tr>
              </thead>
              <tbody>
                {s.invoices.flatMap((inv) =>
                  inv.lines.map((l, k) => (
                    <tr key={`${inv.id}-${l.item_id}`}>
                      <td>{k === 0 ? inv.number_label : ''}</td>
                      <td>{l.product_name}</td>
                      <td>{l.product_size}</td>
                      <td style={{ textAlign: 'right' }}>{l.cases}</td>
                      <td style={{ textAlign: 'right' }}>{l.bottles}</td>
                      <td style={{ textAlign: 'right' }}>{l.qty}</td>
                      <td>{l.delivered_qty === null ? '____' : l.delivered_qty}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
            <div className="route-sheet-sign">Received by ______________________ Signature ______________________</div>
          </section>
        ))}
      </main>
    </>
  );
}
