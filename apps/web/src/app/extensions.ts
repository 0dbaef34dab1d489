import type { DashboardWidget, Extensions, InvoicePanel, SettingsPanel } from '../lib/extensions';

/**
 * The features' contributions to the shared pages, found by file name (lib/extensions.tsx lists
 * the extension points). Loaded beside the pages that show them (app/router.tsx hands this module
 * to `provideExtensions`), not with the shell.
 */
function collect<T extends { order: number }>(
  mods: Record<string, Record<string, T[] | undefined>>,
  name: string,
): T[] {
  return Object.values(mods)
    .flatMap((m) => m[name] ?? [])
    .sort((a, b) => a.order - b.order);
}

export const extensions: Extensions = {
  dashboardWidgets: collect<DashboardWidget>(
    import.meta.glob('../features/*/dashboard-widgets.tsx', { eager: true }),
    'dashboardWidgets',
  ),
  settingsPanels: collect<SettingsPanel>(
    import.meta.glob('../features/*/settings-panels.tsx', { eager: true }),
    'settingsPanels',
  ),
  invoicePanels: collect<InvoicePanel>(
    import.meta.glob('../features/*/invoice-panels.tsx', { eager: true }),
    'invoicePanels',
  ),
};
