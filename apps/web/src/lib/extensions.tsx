import type { Answer } from '@dbo/domain/endpoint';
import type { getInvoice } from '@dbo/domain/endpoints/invoices';
import type { FeatureName } from '@dbo/domain/features';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * Extension points: a feature contributes to a shared screen by exporting from a file with a
 * fixed name, which app/extensions.ts finds with import.meta.glob. Features never import each
 * other, nor app/: the page showing the contributions reads them with `useExtensions()`, and its
 * route loads them beside it (`lazyExtendedPage`).
 *
 * - features/<x>/dashboard-widgets.tsx  exports `dashboardWidgets: DashboardWidget[]`
 * - features/<x>/settings-panels.tsx    exports `settingsPanels: SettingsPanel[]`
 * - features/<x>/invoice-panels.tsx     exports `invoicePanels: InvoicePanel[]`
 * - features/<x>/live-events.tsx        exports `liveEvents: LiveEventsListener[]` (app/realtime.tsx)
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

/** The invoice a panel is given: the server's answer of GET /invoice/{id or number}. */
export type PanelInvoice = Answer<typeof getInvoice>;

export interface InvoicePanel {
  key: string;
  order: number;
  feature?: FeatureName;
  /** the loaded invoice (GET /invoice/{id or number}) and a callback to reload it */
  Component: ComponentType<{ invoice: PanelInvoice; reload: () => void }>;
}

/** Hooks of a feature's own socket events, mounted once in the signed-in shell (renders nothing). */
export interface LiveEventsListener {
  key: string;
  Component: ComponentType;
}

/** Every feature's contributions to the shared pages, each list in its `order`. */
export interface Extensions {
  dashboardWidgets: DashboardWidget[];
  settingsPanels: SettingsPanel[];
  invoicePanels: InvoicePanel[];
}

/** An extension point: which of the features' contributions a page shows. */
export type ExtensionPoint = keyof Extensions;

/** How app/ loads each point's contributions (each point a module of its own). */
export type ExtensionLoaders = { [P in ExtensionPoint]: () => Promise<Extensions[P]> };

const NONE: Extensions = { dashboardWidgets: [], settingsPanels: [], invoicePanels: [] };
const ExtensionsContext = createContext<Extensions>(NONE);
let loaders: ExtensionLoaders = {
  dashboardWidgets: async () => [],
  settingsPanels: async () => [],
  invoicePanels: async () => [],
};

/** app/ hands over, once at start, how to load the features' contributions (app/router.tsx). */
export function provideExtensions(load: ExtensionLoaders) {
  loaders = load;
}

/** The features' contributions to the page being shown (its route is a `lazyExtendedPage`). */
export const useExtensions = () => useContext(ExtensionsContext);

/**
 * A lazy route whose page shows other features' contributions to its extension point: they load
 * beside the page's module (not with the shell), and the page reads them with `useExtensions()`.
 * Only that point's: the dashboard does not load the settings and invoice panels (issue 37).
 */
export const lazyExtendedPage =
  (load: () => Promise<{ default: ComponentType }>, point: ExtensionPoint) => async () => {
    const [page, list] = await Promise.all([load(), loaders[point]()]);
    const extensions: Extensions = { ...NONE, [point]: list };
    const Page = page.default;
    return {
      Component: () => (
        <ExtensionsContext.Provider value={extensions}>
          <Page />
        </ExtensionsContext.Provider>
      ),
    };
  };
