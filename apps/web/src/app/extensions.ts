import type { ExtensionLoaders } from '../lib/extensions';

/**
 * The features' contributions to the shared pages, found by file name (lib/extensions.tsx lists
 * the extension points). Each point is collected in a module of its own (app/dashboard-widgets.ts,
 * app/settings-panels.ts, app/invoice-panels.ts), loaded beside the page showing it (app/router.tsx
 * hands these loaders to `provideExtensions`): a page loads its own point's contributions, not the
 * other two pages' (issue 37: the dashboard loaded the settings and invoice panels).
 */
export function collect<T extends { order: number }>(
  mods: Record<string, Record<string, T[] | undefined>>,
  name: string,
): T[] {
  return Object.values(mods)
    .flatMap((m) => m[name] ?? [])
    .sort((a, b) => a.order - b.order);
}

export const extensionLoaders: ExtensionLoaders = {
  dashboardWidgets: async () => (await import('./dashboard-widgets')).dashboardWidgets,
  settingsPanels: async () => (await import('./settings-panels')).settingsPanels,
  invoicePanels: async () => (await import('./invoice-panels')).invoicePanels,
};
