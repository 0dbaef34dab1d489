import { Card } from 'antd';
import { lazy, Suspense } from 'react';
import type { InvoicePanel } from '../../app/extensions';

const SharePanel = lazy(() => import('./share-panel'));

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'share',
    order: 5,
    Component: (props) => (
      <Suspense fallback={<Card size="small" title="Send and print" loading />}>
        <SharePanel {...props} />
      </Suspense>
    ),
  },
];
