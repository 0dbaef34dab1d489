import { DEFAULTS } from '@dbo/domain/constants';
import { INVENTORY_MSG, type RestockRequest, populateQty } from '@dbo/domain/inventory';
import { formatMoney } from '@dbo/domain/money';
import { isUpcQuery } from '@dbo/domain/product';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { errorMessage, errorMessages } from '../../lib/api';
import { gatedPage } from '../../lib/feature-gate';
import { fetchAllInventory, type ProductOption, searchProducts, useDistributors, useRestock } from './api';
import { ListAlert } from '../../lib/form-parts';
import { Page } from '../../lib/page';
import { ButtonLink } from '../../lib/button-link';

interface ListItem {
  key: string;
  product_id: number;
  name: string;
  qty: number;
  unit_price: number;
  on_deal: boolean;
}

let seq = 0;
const nextKey = () => `item-${++seq}`;

/**
 * Product entry built for a barcode scanner: 3 characters and 300 ms to search; a UPC with one
 * hit is added at once with the quantity, cost and on-deal values set beside the box.
 */
function ProductEntry({ onPick }: { onPick: (p: ProductOption, scanned: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ProductOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const request = useRef(0);

  useEffect(() => {
    const q = query.trim();
    setError(null);
    if (q.length < DEFAULTS.quickSearchMinChars) {
      setResults([]);
      return;
    }
    const id = ++request.current;
    const t = setTimeout(async () => {
      try {
        const list = await searchProducts(q);
        if (id !== request.current) return;
        if (isUpcQuery(q) && list.length === 1) {
          onPickRef.current(list[0], true);
          setQuery('');
          setResults([]);
        } else setResults(list);
      } catch (err) {
        if (id === request.current) setError(errorMessage(err));
      }
    }, DEFAULTS.quickSearchDebounceMs);
    return () => clearTimeout(t);
  }, [query]);

  return (
    <div style={{ flex: 1, minWidth: 280 }}>
      <AutoComplete
        style={{ width: '100%' }}
        value={query}
        onChange={setQuery}
        options={results.map((p) => ({
          value: String(p.id),
          label: (
            <Flex justify="space-between" gap={8}>
              <span>
                <strong>{p.product}</strong> {p.product_size}
              </span>
              <Typography.Text type="secondary">{p.upc}</Typography.Text>
            </Flex>
          ),
        }))}
        onSelect={(id: string) => {
          const p = results.find((r) => String(r.id) === id);
          if (p) onPickRef.current(p, false);
          setQuery('');
          setResults([]);
        }}
      >
        <Input
          id="restock-product"
          aria-label="Product name or UPC"
          placeholder="Scan a UPC or type 3+ letters of a product name"
          allowClear
        />
      </AutoComplete>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </div>
  );
}

function RestockForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const distributors = useDistributors();
  const restock = useRestock();
  const [distributor, setDistributor] = useState<string | null>(null);
  const [ref, setRef] = useState('');
  const [items, setItems] = useState<ListItem[]>([]);
  const [entryQty, setEntryQty] = useState<number | null>(1);
  const [entryCost, setEntryCost] = useState<number | null>(null);
  const [entryDeal, setEntryDeal] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [populating, setPopulating] = useState(false);
  // a restock list not yet saved is work to lose
  const { allowLeave } = useUnsavedChangesPrompt(items.length > 0 || ref.trim() !== '');

  const add = (p: ProductOption) => {
    setItems((list) => [
      ...list,
      {
        key: nextKey(),
        product_id: p.id,
        name: `${p.product} ${p.product_size}`,
        qty: entryQty && entryQty > 0 ? entryQty : 1,
        unit_price: entryCost ?? p.last_purchase_price,
        on_deal: entryDeal,
      },
    ]);
    setEntryCost(null);
  };

  const change = (key: string, patch: Partial<ListItem>) =>
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...patch } : it)));

  const populate = async () => {
    setPopulating(true);
    try {
      // out of stock, and also at or under the reorder level (issue 36: the items about to run out;
      // spec 2 names the out-of-stock ones, which stay in): two reads, one list
      const byDistributor = distributor
        ? { distributor: { filterType: 'text', type: 'equals', filter: distributor } }
        : {};
      const [out, low] = await Promise.all([
        fetchAllInventory({
          filterModel: { qty: { filterType: 'number', type: 'lessThanOrEqual', filter: 0 }, ...byDistributor },
        }),
        fetchAllInventory({
          filterModel: { reorder_needed: { filterType: 'boolean', filter: true }, ...byDistributor },
        }),
      ]);
      const seen = new Set<number>();
      const res = {
        rows: [...out.rows, ...low.rows].filter((r) => !seen.has(r.product_id) && !!seen.add(r.product_id)),
      };
      if (!res.rows.length) {
        message.warning(INVENTORY_MSG.noOutOfStock, 10);
        return;
      }
      setItems((list) => {
        const have = new Set(list.map((it) => it.product_id));
        return [
          ...list,
          ...res.rows
            .filter((r) => !have.has(r.product_id))
            .map((r) => ({
              key: nextKey(),
              product_id: r.product_id,
              name: `${r.product.product} ${r.product.product_size}`,
              qty: populateQty(r.reorder_qty),
              unit_price: r.product.last_purchase_price,
              on_deal: false,
            })),
        ];
      });
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setPopulating(false);
    }
  };

  const save = async () => {
    setErrors([]);
    const body: RestockRequest = {
      items: items.map(({ product_id, qty, unit_price, on_deal }) => ({ product_id, qty, unit_price, on_deal })),
      ref_number: ref.trim() || null,
      distributor,
    };
    try {
      const done = await restock.mutateAsync(body);
      const units = done.reduce((sum, it) => sum + it.added, 0);
      message.success(INVENTORY_MSG.restocked(units, done.length));
      setItems([]);
      allowLeave();
      navigate('/inventory');
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  const units = items.reduce((sum, it) => sum + (it.qty || 0), 0);

  return (
    <Page title="Re-stock" actions={<ButtonLink to="/inventory">Back to Inventory</ButtonLink>}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="vertical">
          <Flex gap={16} wrap align="end">
            <Form.Item label="Distributor" htmlFor="restock-distributor" style={{ minWidth: 260, marginBottom: 0 }}>
              <Select
                id="restock-distributor"
                allowClear
                showSearch
                placeholder="All distributors"
                value={distributor ?? undefined}
                onChange={(v) => setDistributor(v ?? null)}
                options={(distributors.data ?? []).map((d) => ({ value: d, label: d }))}
                loading={distributors.isLoading}
              />
            </Form.Item>
            <Form.Item
              label="PO/Invoice/Reference Number"
              htmlFor="restock-ref"
              style={{ minWidth: 260, marginBottom: 0 }}
            >
              <Input id="restock-ref" value={ref} onChange={(e) => setRef(e.target.value)} maxLength={255} />
            </Form.Item>
            <Button onClick={populate} loading={populating}>
              Populate Restock
            </Button>
          </Flex>
        </Form>
      </Card>
      <Card size="small" title="Add a product" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <ProductEntry onPick={add} />
          <label htmlFor="entry-qty">Quantity</label>
          <InputNumber id="entry-qty" min={1} precision={0} value={entryQty} onChange={setEntryQty} />
          <label htmlFor="entry-cost">Item Cost</label>
          <InputNumber id="entry-cost" min={0} precision={2} prefix="$" value={entryCost} onChange={setEntryCost} />
          <label htmlFor="entry-deal">On Deal</label>
          <Switch id="entry-deal" checked={entryDeal} onChange={setEntryDeal} />
        </Flex>
      </Card>
      {errors.length > 0 && (
        <ListAlert type="error" title="Restock not saved" items={errors} listTestId="restock-errors" />
      )}
      <Table<ListItem>
        size="small"
        rowKey="key"
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No items yet: populate the restock, or scan or search products.' }}
        data-testid="restock-list"
        columns={[
          { title: 'Product', dataIndex: 'name' },
          {
            title: 'Quantity',
            width: 140,
            render: (_: unknown, it) => (
              <InputNumber
                aria-label={`Quantity of ${it.name}`}
                min={1}
                precision={0}
                value={it.qty}
                onChange={(v) => change(it.key, { qty: v ?? 0 })}
              />
            ),
          },
          {
            title: 'Item Cost',
            width: 160,
            render: (_: unknown, it) => (
              <InputNumber
                aria-label={`Item cost of ${it.name}`}
                min={0}
                precision={2}
                prefix="$"
                value={it.unit_price}
                onChange={(v) => change(it.key, { unit_price: v ?? 0 })}
              />
            ),
          },
          {
            title: 'On Deal',
            width: 100,
            render: (_: unknown, it) => (
              <Switch
                aria-label={`On deal: ${it.name}`}
                checked={it.on_deal}
                onChange={(v) => change(it.key, { on_deal: v })}
              />
            ),
          },
          {
            title: 'Line Cost',
            width: 120,
            render: (_: unknown, it) => formatMoney((it.qty || 0) * (it.unit_price || 0)),
          },
          {
            title: 'Remove',
            width: 100,
            render: (_: unknown, it) => (
              <Button
                danger
                type="text"
                aria-label={`Remove ${it.name}`}
                onClick={() => setItems((list) => list.filter((x) => x.key !== it.key))}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Typography.Text>
          {units} units of {items.length} items
        </Typography.Text>
        <Flex gap={8}>
          <Button
            onClick={() => {
              setItems([]);
              setErrors([]);
            }}
            disabled={!items.length}
          >
            Reset List
          </Button>
          <Button type="primary" onClick={save} loading={restock.isPending} disabled={!items.length}>
            Save
          </Button>
        </Flex>
      </Flex>
    </Page>
  );
}

export default gatedPage('inventory', RestockForm);
