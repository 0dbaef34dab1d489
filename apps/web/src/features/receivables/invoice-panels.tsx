import type { InvoicePanel } from '../../lib/extensions';
import { lazyPanel } from '../../lib/lazy-panel';

export const invoicePanels: InvoicePanel[] = [
  {
    key: 'credit-memos',
    order: 15,
    feature: 'payment',
    Component: lazyPanel('Credit memos', () => import('./credit-memo-panel')),
  },
];
