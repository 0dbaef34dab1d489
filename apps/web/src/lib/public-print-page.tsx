import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { API_BASE, request } from './api';
import { type PartyAddress, PartyLines } from './party-lines';
import './print-page.css';

/** The seller or the customer as a printable page names them. */
export interface Party extends PartyAddress {
  name: string;
}

/**
 * A public printable page (customer balance, statement): its data from the signed link's API path,
 * Print and Download PDF (the same path with ?format=pdf), the seller's and the customer's blocks,
 * then the document's own body. Marks itself ready for PDF export.
 */
export function PublicPrintPage<T extends { company: Party; customer: Party }>(props: {
  /** the public API path of the data, token included */
  path: string;
  title: string;
  subtitle: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const q = useQuery({
    queryKey: ['print', props.path],
    queryFn: () => request<T>('GET', props.path, { public: true }),
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
  const { company, customer } = q.data;
  return (
    <main className="print-page" data-ready="true">
      <div className="print-actions">
        <Button onClick={() => window.print()}>Print</Button>
        <Button type="primary" href={`${API_BASE}${props.path}?format=pdf`}>
          Download PDF
        </Button>
      </div>
      <header className="print-header">
        <div>
          <h2>{company.name}</h2>
          <PartyLines party={company} />
        </div>
        <div style={{ textAlign: 'right' }}>
          <h1>{props.title}</h1>
          <div>{props.subtitle(q.data)}</div>
        </div>
      </header>
      <section className="print-customer">
        <strong>{customer.name}</strong>
        <PartyLines party={customer} />
      </section>
      {props.children(q.data)}
    </main>
  );
}
