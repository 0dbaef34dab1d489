import type { InvoicePanel } from '../../lib/extensions';
import { lazyPanel } from '../../lib/lazy-panel';

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'payments',
    order: 10,
    feature: 'payment',
    Component: lazyPanel('Payments', () => import('./payments-panel')),
  },
];
