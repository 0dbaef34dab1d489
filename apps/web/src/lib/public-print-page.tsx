import { type EndpointSpec, fillPath } from '@dbo/domain/endpoint';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { API_BASE } from './api';
import { type Answer, type EndpointArgs, endpointQuery } from './endpoints';
import { type PartyAddress, PartyLines } from './party-lines';
import './print-page.css';

/** The seller or the customer as a printable page names them. */
export interface Party extends PartyAddress {
  name: string;
}

/** What every public printable page's answer names: the seller and the customer. */
interface Parties {
  company: Party;
  customer: Party;
}

/**
 * A public printable page (customer balance, statement): its data from the signed link's endpoint,
 * Print and Download PDF (the same path with ?format=pdf), the seller's and the customer's blocks,
 * then the document's own body, typed by the endpoint's answer. Marks itself ready for PDF export.
 */
export function PublicPrintPage<E extends EndpointSpec>(props: {
  /** the public endpoint of the data; its answer must name the seller and the customer */
  endpoint: E & (Answer<E> extends Parties ? unknown : never);
  /** its params: the signed token */
  args: EndpointArgs<E>;
  title: string;
  subtitle: (data: Answer<E>) => ReactNode;
  children: (data: Answer<E>) => ReactNode;
}) {
  const path = fillPath(props.endpoint.path, (props.args as { params?: Record<string, string> }).params);
  const q = useQuery({
    ...endpointQuery(['print', path], props.endpoint, props.args, { public: true }),
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
  const { company, customer } = q.data as Answer<E> & Parties;
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
