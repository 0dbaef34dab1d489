import type { InvoicePanel } from '../../lib/extensions';
import { lazyPanel } from '../../lib/lazy-panel';

export const invoicePanels: InvoicePanel[] = [
  { key: 'documents', order: 20, Component: lazyPanel('Documents', () => import('./documents-panel')) },
  { key: 'notes', order: 30, Component: lazyPanel('Private notes', () => import('./notes-panel')) },
];
