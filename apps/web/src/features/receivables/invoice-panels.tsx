import { Card } from 'antd';
import { lazy, Suspense } from 'react';
import type { InvoicePanel } from '../../app/extensions';

const CreditMemoPanel = lazy(() => import('./credit-memo-panel'));

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'credit-memos',
    order: 15,
    feature: 'payment',
    Component: (props) => (
      <Suspense fallback={<Card size="small" title="Credit memos" loading />}>
        <CreditMemoPanel {...props} />
      </Suspense>
    ),
  },
];
