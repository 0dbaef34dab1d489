import type { InvoicePanel } from '../lib/extensions';
import { collect } from './extensions';

/** Every feature's `invoicePanels` (each feature's invoice-panels.tsx), in order. */
export const invoicePanels = collect<InvoicePanel>(
  import.meta.glob('../features/*/invoice-panels.tsx', { eager: true }),
  'invoicePanels',
);
