import type { InvoicePanel } from '../../lib/extensions';
import { FintechSyncPanel } from './fintech-sync-panel';
import { MpowerSyncPanel } from './mpower-sync-panel';

/** Invoice detail panels of the fintech and MPower syncs, each shown when its feature is on. */
export const invoicePanels: InvoicePanel[] = [
  { key: 'fintech', order: 60, feature: 'fintech', Component: FintechSyncPanel },
  { key: 'mpower', order: 61, feature: 'mpower', Component: MpowerSyncPanel },
];
