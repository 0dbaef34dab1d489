import type { InvoiceStatus } from '@dbo/domain/constants';
import type { FeatureName } from '@dbo/domain/features';
import type { ComponentType } from 'react';

/**
 * Extension points: a feature contributes to a shared screen by exporting from a file with a
 * fixed name, found by app/ with import.meta.glob. Features never import each other.
 *
 * - features/<x>/dashboard-widgets.tsx  exports `dashboardWidgets: DashboardWidget[]`
 * - features/<x>/settings-panels.tsx    exports `settingsPanels: SettingsPanel[]`
 * - features/<x>/invoice-panels.tsx     exports `invoicePanels: InvoicePanel[]`
 *
 * Each point is collected in a module of its own (app/dashboard-widgets.ts, app/settings-panels.ts,
 * app/invoice-panels.ts), so a screen loads its own point's contributions and not the other two
 * screens' (issue 37: the dashboard loaded the settings panels and the invoice panels).
 */
export interface DashboardWidget {
  key: string;
  /** lower comes first */
  order: number;
  /** antd grid span out of 24 on wide screens */
  span: number;
  /** shown only when this feature is active */
  feature?: FeatureName;
  Component: ComponentType;
}

export interface SettingsPanel {
  key: string;
  order: number;
  title: string;
  feature?: FeatureName;
  Component: ComponentType;
}

/** The invoice a panel is given (GET /invoice/{id or number}): the fields panels read. */
export interface PanelInvoice {
  id: number;
  number: number;
  beer: boolean;
  display_number?: string;
  status: InvoiceStatus;
  total: string | number;
  paid_total?: string | number;
  customer?: { contact_email?: string };
  /** the invoice's last MPower sync: MPower's response or the error */
  mPowerInvoice?: { response: unknown; error: string | null; updatedAt: string | Date } | null;
}

export interface InvoicePanel {
  key: string;
  order: number;
  feature?: FeatureName;
  /** the loaded invoice (GET /invoice/{id or number}) and a callback to reload it */
  Component: ComponentType<{ invoice: PanelInvoice; reload: () => void }>;
}

export function collect<T extends { order: number }>(
  mods: Record<string, Record<string, T[] | undefined>>,
  name: string,
): T[] {
  return Object.values(mods)
    .flatMap((m) => m[name] ?? [])
    .sort((a, b) => a.order - b.order);
}
