import type { InvoicePanel } from '../../lib/extensions';
import { lazyPanel } from '../../lib/lazy-panel';

export const invoicePanels: InvoicePanel[] = [
  { key: 'share', order: 5, Component: lazyPanel('Send and print', () => import('./share-panel')) },
];
