import { APP_VERSION } from '@dbo/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { Modal, Spin, Typography } from 'antd';
import { Command } from 'cmdk';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import * as catalogApi from '@dbo/domain/endpoints/catalog';
import * as customersApi from '@dbo/domain/endpoints/customers';
import * as inventoryApi from '@dbo/domain/endpoints/inventory';
import * as invoicesApi from '@dbo/domain/endpoints/invoices';
import type { Action } from '@dbo/domain/permissions';
import { call, endpointQuery } from '../lib/endpoints';
import { reachesAs } from '../lib/permissions';
import { queryKeys } from '../lib/query-keys';
import { screenBuilt } from '../lib/screens';
import { useSession } from '../lib/session';
import {
  PALETTE,
  commandScore,
  customerEntries,
  customerMatches,
  invoiceNumberQuery,
  paletteCommands,
  issueMailto,
  productLabel,
} from './palette';
import { useDebounced } from '../lib/use-debounced';

export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { user, feature } = useSession();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), PALETTE.debounceMs);
  const typed = query.trim().toLowerCase();
  const searching = q.length > PALETTE.minChars;
  const invoiceNumber = searching ? invoiceNumberQuery(q) : null;
  const textSearch = searching && invoiceNumber === null;
  const inventoryOn = feature('inventory') && screenBuilt('inventory');

  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);

  const invoices = useQuery({
    queryKey: [...queryKeys.invoices.all, 'palette', invoiceNumber],
    queryFn: ({ signal }) =>
      call(
        invoicesApi.invoiceGrid,
        {
          query: {
            startRow: 0,
            endRow: PALETTE.perGroup,
            filterModel: { number: { filterType: 'number', type: 'equals', filter: invoiceNumber } },
          },
        },
        { signal },
      ),
    enabled: open && invoiceNumber !== null,
  });
  // the loaded lists: customers always, products from inventory when that feature is on
  const customers = useQuery({
    ...endpointQuery(queryKeys.customers.list, customersApi.customers, {}),
    enabled: open && textSearch,
  });
  const inventory = useQuery({
    queryKey: ['inventory', 'palette-list'],
    queryFn: ({ signal }) =>
      call(inventoryApi.inventoryGrid, { query: { startRow: 0, endRow: 1, ignoreLimit: true } }, { signal }),
    enabled: open && textSearch && inventoryOn,
    staleTime: 60_000,
  });
  const suggestions = useQuery({
    queryKey: [...queryKeys.products.all, 'palette', q],
    queryFn: ({ signal }) =>
      call(
        catalogApi.productSuggestions,
        { query: { query: q, excludingProductIds: undefined, excludingSourceProductIds: undefined } },
        { signal },
      ),
    enabled: open && textSearch && !inventoryOn,
  });

  const needle = q.toLowerCase();
  const productHits = useMemo(() => {
    if (!textSearch) return [];
    const list = inventoryOn
      ? (inventory.data?.rows ?? []).map((r) => r.product).filter((p) => p.product.toLowerCase().includes(needle))
      : (suggestions.data?.suggestions ?? []);
    return list.slice(0, PALETTE.perGroup);
  }, [textSearch, inventoryOn, inventory.data, suggestions.data, needle]);
  const customerHits = textSearch
    ? (customers.data ?? []).filter((c) => customerMatches(c, q)).slice(0, PALETTE.perGroup)
    : [];
  const invoiceHits = invoiceNumber !== null ? (invoices.data?.rows ?? []).slice(0, PALETTE.perGroup) : [];
  const loading =
    (invoiceNumber !== null && invoices.isFetching) ||
    (textSearch && (customers.isFetching || inventory.isFetching || suggestions.isFetching));

  const go = useCallback(
    (to: string) => {
      onClose();
      navigate(to);
    },
    [navigate, onClose],
  );

  const commands = useMemo(
    () =>
      paletteCommands({
        feature,
        reaches: (action) => reachesAs(user?.role, action as Action),
      }).filter((c) => c.to !== '/inventory' || inventoryOn),
    [feature, user, inventoryOn],
  );
  const statics = [
    ...commands.map((c) => ({ label: c.label, keywords: c.keywords, run: () => go(c.to) })),
    {
      label: 'Report Issue',
      keywords: ['bug', 'problem', 'support'],
      run: () => {
        onClose();
        window.location.href = issueMailto({
          version: APP_VERSION,
          page: window.location.href,
          browser: navigator.userAgent,
          companyId: user?.company_id ?? null,
        });
      },
    },
    // filtered by what is typed now, not the debounced query: Enter right after typing runs the command
    // the user sees, not the first one of the list before the filter caught up
  ]
    .map((s) => ({ ...s, score: typed.length <= PALETTE.minChars ? 1 : commandScore(typed, s) }))
    .filter((s) => s.score > 0)
    // the closest name first: Enter runs 'Settings' for 'settings', not a page whose keyword it is
    .sort((a, b) => b.score - a.score);

  // the highlighted entry: when the list changes under it (a search came back), the first entry, so
  // Enter always runs something on screen (cmdk kept a value that was no longer listed)
  const values = [
    ...invoiceHits.map((inv) => `inv-${inv.id}`),
    ...productHits.map((p) => `p-${p.id}`),
    ...customerHits.flatMap((c) => customerEntries(c).map((e) => e.value)),
    ...statics.map((st) => `static-${st.label}`),
  ];
  const [picked, setPicked] = useState('');
  const highlighted = values.includes(picked) ? picked : (values[0] ?? '');

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={560}
      destroyOnHidden
      title={<span className="palette-title">Command palette</span>}
      styles={{ body: { padding: 0 } }}
      className="command-palette"
    >
      <Command label="Command palette" shouldFilter={false} loop value={highlighted} onValueChange={setPicked}>
        <Command.Input
          autoFocus
          value={query}
          onValueChange={setQuery}
          placeholder="Search invoices by number, products, customers…"
          aria-label="Search"
        />
        <Command.List>
          {loading && (
            <Command.Loading>
              <Spin size="small" /> <Typography.Text type="secondary">Searching…</Typography.Text>
            </Command.Loading>
          )}
          {searching && !loading && (
            <Command.Empty>
              <Typography.Text type="secondary">Nothing found for "{q}"</Typography.Text>
            </Command.Empty>
          )}
          {invoiceHits.length > 0 && (
            <Command.Group heading="Invoices">
              {invoiceHits.map((inv) => (
                <Command.Item
                  key={`inv-${inv.id}`}
                  value={`inv-${inv.id}`}
                  onSelect={() => go(`/invoice/${encodeURIComponent(inv.display_number)}`)}
                >
                  View invoice #{inv.display_number}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {productHits.length > 0 && (
            <Command.Group heading="Products">
              {productHits.map((p) => (
                <Command.Item key={`p-${p.id}`} value={`p-${p.id}`} onSelect={() => go(`/product?edit=${p.id}`)}>
                  {productLabel(p)}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {customerHits.length > 0 && (
            <Command.Group heading="Customers">
              {customerHits.flatMap((c) =>
                customerEntries(c).map((e) => (
                  <Command.Item key={e.value} value={e.value} onSelect={() => go(e.to)}>
                    {e.label}
                  </Command.Item>
                )),
              )}
            </Command.Group>
          )}
          {statics.length > 0 && (
            <Command.Group heading="Go to">
              {statics.map((s) => (
                <Command.Item key={s.label} value={`static-${s.label}`} onSelect={s.run}>
                  {s.label}
                </Command.Item>
              ))}
            </Command.Group>
          )}
        </Command.List>
      </Command>
    </Modal>
  );
}
