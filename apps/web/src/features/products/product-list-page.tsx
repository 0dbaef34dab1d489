import { isPosActive } from '@dbo/domain/features';
import { formatMoney } from '@dbo/domain/money';
import type { ColDef } from 'ag-grid-community';
import { Button, Descriptions, Drawer, Flex, Segmented, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { numberResetFilter as number, textResetFilter as text } from '../../lib/grid-columns';
import { screenBuilt } from '../../lib/screens';
import { Page } from '../../lib/page';
import { ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { type Product, useProduct } from './api';
import { productGrid } from '@dbo/domain/endpoints/catalog';
import { ProductFormModal } from './product-form-modal';
import { ProductTypeTag } from './product-type-tag';
import { ButtonLink } from '../../lib/button-link';

function nameFilter(name: string | null) {
  return name ? { product: { filterType: 'text', type: 'equals', filter: name } } : {};
}

export default function ProductListPage() {
  const { user, feature } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const grid = useRef<ServerGridHandle>(null);
  const [selected, setSelected] = useState<Product | null>(null);
  const [modal, setModal] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null });
  // 'new': products a POS sync created that staff have not opened and saved yet (kept out of the shop)
  const [archived, setArchived] = useState<'active' | 'archived' | 'new'>('active');
  const pos = isPosActive(user?.company.companyFeatures);
  // spec 2 (Products): with Bottle POS or Clover active, product creation is blocked
  const posName = feature('bottle_pos') ? 'Bottle POS' : 'Clover';
  const posRule = `Product creation is blocked while ${posName} is active: products are synchronised from ${posName} overnight.`;
  const nameParam = search.get('product');
  const editParam = search.get('edit');
  const editTarget = useProduct(editParam);

  // ?edit={id} opens the editor (the command palette links here)
  useEffect(() => {
    if (editParam && editTarget.data) {
      setModal({ open: true, product: editTarget.data });
      setSearch(
        (s) => {
          s.delete('edit');
          return s;
        },
        { replace: true },
      );
    }
  }, [editParam, editTarget.data, setSearch]);

  // ?new=1 opens an empty New Product dialog (the command palette's 'New Product' links here)
  const newParam = search.get('new');
  useEffect(() => {
    if (!newParam) return;
    if (!pos) setModal({ open: true, product: null });
    setSearch(
      (s) => {
        s.delete('new');
        return s;
      },
      { replace: true },
    );
  }, [newParam, pos, setSearch]);

  // ?product={name} filters the grid by that name (the 'already exists' link)
  useEffect(() => {
    const api = grid.current?.api();
    if (!api) return;
    const model = { ...(api.getFilterModel() ?? {}) };
    delete model.product;
    api.setFilterModel({ ...model, ...nameFilter(nameParam) });
  }, [nameParam]);

  const initialFilter = useMemo(() => nameFilter(nameParam), []); // eslint-disable-line react-hooks/exhaustive-deps

  const columns = useMemo<ColDef<Product>[]>(() => {
    const cols: (ColDef<Product> | false)[] = [
      { headerName: 'Product', field: 'product', flex: 3, minWidth: 220, ...text },
      {
        headerName: 'Type',
        field: 'product_type',

        cellRenderer: (p: { value: string }) => (p.value ? <ProductTypeTag type={p.value} /> : null),
      },
      { headerName: 'Size', field: 'product_size', ...text },
      {
        headerName: 'Price',
        field: 'product_price',

        valueFormatter: (p) => formatMoney(p.value),
        ...number,
      },
      {
        headerName: 'Last Purchase',
        field: 'last_purchase_price',

        valueFormatter: (p) => formatMoney(p.value),
        ...number,
      },
      { headerName: 'UPC', field: 'upc', ...text },
      feature('internal_sku') && { headerName: 'Internal SKU', field: 'internal_sku', ...text },
      { headerName: 'Distributor', field: 'distributor', minWidth: 140, ...text },
      feature('inventory') && { headerName: 'Stock', field: 'stock', ...number },
      { headerName: 'Units Sold', field: 'units_sold', minWidth: 130, sort: 'desc', ...number },
      { headerName: 'Sold', field: 'amount_sold', valueFormatter: (p) => formatMoney(p.value) },
    ];
    return cols.filter((c): c is ColDef<Product> => !!c);
  }, [feature]);

  // archived is not a grid column: the server reads it as a parameter (default: active products)
  const params = useMemo(() => ({ archived: archived === 'archived' ? 1 : 0 }), [archived]);
  const newFromPos = useMemo(
    () => (archived === 'new' ? { pos_new: { filterType: 'set', values: ['true'] } } : undefined),
    [archived],
  );

  return (
    <Page
      title="Products"
      actions={
        <>
          <Segmented
            value={archived}
            onChange={(v) => {
              setArchived(v as 'active' | 'archived' | 'new');
              setSelected(null);
            }}
            options={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
              ...(pos ? [{ value: 'new', label: `New from ${posName}` }] : []),
            ]}
          />
          {feature('inventory') && screenBuilt('inventory') && <ButtonLink to="/inventory">Inventory</ButtonLink>}
          {pos ? (
            // a disabled button gets no pointer events: the tooltip hangs on a focusable wrapper
            <Tooltip title={posRule}>
              <span tabIndex={0} aria-label={`New Product: ${posRule}`} data-testid="new-product-blocked">
                <Button type="primary" disabled style={{ pointerEvents: 'none' }}>
                  New Product
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Button type="primary" onClick={() => setModal({ open: true, product: null })}>
              New Product
            </Button>
          )}
        </>
      }
    >
      {nameParam && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          Showing products named <Tag>{nameParam}</Tag>
          <Button size="small" onClick={() => setSearch({})}>
            Show all
          </Button>
        </Flex>
      )}
      {/* a side panel over the page: the grid does not move, the clicked row stays under the pointer */}
      <Drawer
        open={!!selected}
        mask={false}
        size={420}
        onClose={() => setSelected(null)}
        title={
          selected && (
            <Flex gap={8} align="center" wrap>
              {selected.product} <ProductTypeTag type={selected.product_type} />
              {selected.archived && <Tag>Archived</Tag>}
            </Flex>
          )
        }
        extra={
          selected && (
            <Flex gap={8}>
              <Button onClick={() => setModal({ open: true, product: selected })}>Edit</Button>
              <Button type="primary" onClick={() => navigate(`/product/${selected.id}`)}>
                View
              </Button>
            </Flex>
          )
        }
        data-testid="product-card"
      >
        {selected && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Size">{selected.product_size}</Descriptions.Item>
            <Descriptions.Item label="Price">{formatMoney(selected.product_price)}</Descriptions.Item>
            <Descriptions.Item label="Last Purchase">{formatMoney(selected.last_purchase_price)}</Descriptions.Item>
            <Descriptions.Item label="UPC">{selected.upc || '—'}</Descriptions.Item>
            <Descriptions.Item label="Distributor">{selected.distributor || '—'}</Descriptions.Item>
            <Descriptions.Item label="Units Sold">{selected.units_sold}</Descriptions.Item>
            {feature('inventory') && <Descriptions.Item label="Stock">{selected.stock ?? '—'}</Descriptions.Item>}
            <Descriptions.Item label="Reorder">
              {selected.reorder_level ?? '—'} / {selected.reorder_qty ?? '—'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
      <ServerGrid<Product>
        ref={grid}
        endpoint={productGrid}
        liveKey={queryKeys.products.all}
        columnDefs={columns}
        params={params}
        initialFilterModel={initialFilter}
        extraFilterModel={newFromPos}
        noRowsText={
          archived === 'archived'
            ? 'No archived products.'
            : archived === 'new'
              ? `No new products from ${posName} waiting to be reviewed.`
              : 'You have not created any products yet.'
        }
        onRowClicked={setSelected}
        testId="product-grid"
      />
      <ProductFormModal
        open={modal.open}
        product={modal.product}
        onClose={() => setModal({ open: false, product: null })}
        onSaved={(p) => {
          grid.current?.refresh();
          if (selected && p?.id === selected.id) setSelected({ ...selected, ...p });
        }}
      />
    </Page>
  );
}
