import { productTypeLabel } from '@dbo/domain/constants';
import { BarcodeOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULTS } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import { isUpcQuery } from '@dbo/domain/product';
import { AutoComplete, Flex, Input, type InputRef, Tag, Typography } from 'antd';
import { forwardRef, memo, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fetchSuggestions } from './api';
import { scanQueue } from './scan-queue';
import type { ProductSuggestion } from './builder-model';

export interface ProductSearchHandle {
  focus(): void;
}

const TYPE_COLORS: Record<string, string> = { LIQUOR: 'volcano', WINE: 'magenta', BEER: 'gold', 'N/A': 'default' };
export const TypeTag = ({ type }: { type: string }) => (
  <Tag color={TYPE_COLORS[type] ?? 'default'} style={{ marginInlineEnd: 0 }}>
    {productTypeLabel(type)}
  </Tag>
);

/**
 * Product search built for a barcode scanner: 3 characters, 300 ms debounce; a numeric query of
 * more than 5 digits is a UPC, and a single hit is added at once (flagged scanned) and the box is
 * cleared for the next scan. Focus stays in the box.
 *
 * A scanner types the UPC and Enter: Enter on a UPC looks it up at once (no debounce) and empties
 * the box for the next scan, which may come before the answer. The answers are applied in scan
 * order, so scans fired faster than the server answers all land, in the order scanned.
 */
const ProductSearchBase = forwardRef<
  ProductSearchHandle,
  { customerId: number | null; onAdd: (p: ProductSuggestion, scanned: boolean) => void; disabled?: boolean }
>(function ProductSearch({ customerId, onAdd, disabled }, ref) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ProductSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const inputRef = useRef<InputRef>(null);
  const requestId = useRef(0);
  const onAddRef = useRef(onAdd);
  onAddRef.current = onAdd;

  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus() }));

  useEffect(() => {
    const q = query.trim();
    setError(null);
    if (q.length < DEFAULTS.quickSearchMinChars) {
      setResults([]);
      setLoading(false);
      return;
    }
    const id = ++requestId.current;
    setLoading(true);
    const t = setTimeout(async () => {
      try {
        const list = await fetchSuggestions(q, customerId);
        if (id !== requestId.current) return;
        if (isUpcQuery(q) && list.length === 1) {
          onAddRef.current(list[0], true);
          setQuery('');
          setResults([]);
        } else {
          setResults(list);
          setNotFound(isUpcQuery(q) && list.length === 0 ? q : null);
        }
      } catch (err) {
        if (id === requestId.current) setError(errorMessage(err));
      } finally {
        if (id === requestId.current) setLoading(false);
      }
    }, DEFAULTS.quickSearchDebounceMs);
    return () => clearTimeout(t);
  }, [query, customerId]);

  /** Enter on a UPC: looked up now, applied in scan order; the box is free for the next scan. */
  const customerRef = useRef(customerId);
  customerRef.current = customerId;
  const [enqueue] = useState(() =>
    scanQueue(
      (upc) => fetchSuggestions(upc, customerRef.current),
      (upc, list: ProductSuggestion[]) => {
        // a UPC not found stays named while the scans after it land, until the clerk searches by name
        if (list.length === 1) onAddRef.current(list[0], true);
        else if (list.length === 0) setNotFound(upc);
        else {
          // several products share the UPC: the clerk picks one
          setQuery(upc);
          setResults(list);
        }
      },
      (_upc, err) => setError(errorMessage(err)),
    ),
  );
  const scan = (upc: string) => {
    requestId.current++; // the debounced search of the same digits is not wanted any more
    setQuery('');
    setResults([]);
    setLoading(false);
    void enqueue(upc);
  };

  const options = results.map((p) => ({
    value: String(p.id),
    label: (
      <Flex justify="space-between" align="center" gap={12} data-testid="product-option">
        <span style={{ minWidth: 0 }}>
          <TypeTag type={p.product_type} /> <strong>{p.product}</strong> {p.product_size}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
            {[p.upc, p.internal_sku].filter(Boolean).join(' · ')}
          </Typography.Text>
        </span>
        <span style={{ whiteSpace: 'nowrap' }}>
          {p.stock != null && (
            <Typography.Text
              type={Number(p.stock) > 0 ? 'secondary' : 'danger'}
              style={{ fontSize: 12, marginRight: 8 }}
            >
              {Number(p.stock)} in stock
            </Typography.Text>
          )}
          <strong className="money">{formatMoney(p.price ?? p.product_price)}</strong>
        </span>
      </Flex>
    ),
  }));

  return (
    <div className="builder-search">
      <AutoComplete
        style={{ width: '100%' }}
        value={query}
        options={options}
        defaultActiveFirstOption
        disabled={disabled}
        onChange={(v) => setQuery(v)}
        onSelect={(id: string) => {
          const p = results.find((r) => String(r.id) === id);
          if (p) onAddRef.current(p, false);
          setQuery('');
          setResults([]);
          setTimeout(() => inputRef.current?.focus(), 0);
        }}
        notFoundContent={
          query.trim().length >= DEFAULTS.quickSearchMinChars && !loading ? <span>No product found</span> : undefined
        }
      >
        <Input
          ref={inputRef}
          size="large"
          aria-label="Product search"
          data-testid="product-search"
          placeholder="Scan a barcode or type 3+ letters of a product name, UPC or SKU"
          prefix={isUpcQuery(query) ? <BarcodeOutlined /> : <SearchOutlined />}
          suffix={loading ? <Typography.Text type="secondary">searching…</Typography.Text> : null}
          allowClear
          onKeyDown={(e) => {
            const upc = e.currentTarget.value.trim();
            if (e.key !== 'Enter' || !isUpcQuery(upc)) return;
            e.preventDefault();
            scan(upc);
          }}
        />
      </AutoComplete>
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
      {notFound && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="upc-not-found">
          No product with UPC {notFound}
        </Typography.Text>
      )}
    </div>
  );
});

/** Memoised: the builder's keystrokes in the items table leave the search box alone (issue 19). */
export const ProductSearch = memo(ProductSearchBase);
