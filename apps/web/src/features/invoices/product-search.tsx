import { productTypeLabel } from '@dbo/domain/constants';
import { BarcodeOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULTS } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import { isUpcQuery } from '@dbo/domain/product';
import { AutoComplete, Flex, Input, type InputRef, Tag, Typography } from 'antd';
import { forwardRef, memo, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fetchProductSuggestions } from './api';
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
        const res = await fetchProductSuggestions(q, customerId);
        if (id !== requestId.current) return;
        const list = res?.suggestions ?? [];
        if (isUpcQuery(q) && list.length === 1) {
          onAddRef.current(list[0], true);
          setQuery('');
          setResults([]);
          setNotFound(null);
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
