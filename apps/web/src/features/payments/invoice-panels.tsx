import { Card } from 'antd';
import { lazy, Suspense } from 'react';
import type { InvoicePanel } from '../../app/extensions';

const PaymentsPanel = lazy(() => import('./payments-panel'));

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'payments',
    order: 10,
    feature: 'payment',
    Component: (props) => (
      <Suspense fallback={<Card size="small" title="Payments" loading />}>
        <PaymentsPanel {...props} />
      </Suspense>
    ),
  },
];
