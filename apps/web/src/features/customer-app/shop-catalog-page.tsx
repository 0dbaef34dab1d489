import { PRODUCT_SEARCH_MIN_CHARS, PRODUCT_TYPES, type ProductType, productTypeLabel } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import { STOCK_STATUS_LABELS } from '@dbo/domain/customer-app-labels';

import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { type CatalogRow, catalogPage, shopKeys, useCart, useSaveCart } from './shop-api';
import { QtyField } from './qty-field';
import { clampQty, STOCK_COLORS, withAdded } from './shop-cart-model';
import { useShop, useShopPath } from './shop-context';
import { Alert, Button, ButtonLink, Empty, Icon, Segmented, Skeleton, Tag, useToast } from './shop-ui';
import { CATALOG_PAGE } from './shop-prefetch';
import { StockNote } from './stock-note';
import { useDebounced } from '../../lib/use-debounced';

/**
 * Cards rendered per step: a phone's screen and a half at once, the next step when the list's end
 * comes near the screen (issue 34: 30 cards at once were the catalogue's longest task on a phone).
 */
const CARDS_PER_STEP = 8;

const TYPE_OPTIONS: { label: string; value: ProductType | '' }[] = [
  { label: 'All', value: '' },
  ...PRODUCT_TYPES.map((t) => ({ label: productTypeLabel(t), value: t })),
];

/**
 * One product. The cart and its saving are the page's (`onAdd`): a card holds no query or mutation
 * of its own, so 30 of them mount quickly on a phone; its button is busy while its own add saves.
 */
const ProductCard = memo(function ProductCard({
  p,
  showPrices,
  inCart,
  onAdd,
}: {
  p: CatalogRow;
  showPrices: boolean;
  inCart: number;
  onAdd: (productId: number, qty: number) => Promise<unknown>;
}) {
  const message = useToast();
  const [qty, setQty] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(p.id, qty);
      message.success(`Added ${qty} × ${label} to the cart`);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const qtyId = `qty-${p.id}`;
  const label = `${p.product} ${p.product_size}`.trim();
  return (
    <article className="shop-card shop-tile" data-testid="shop-product">
      <div className="shop-product">
        <div style={{ minWidth: 0 }}>
          <div className="shop-product-name">{p.product}</div>
          <span className="shop-muted">
            {[p.product_size, productTypeLabel(p.product_type)].filter(Boolean).join(' · ')}
          </span>
          <div style={{ marginTop: 4 }}>
            {showPrices && p.price !== null && (
              <strong style={{ marginRight: 8 }} data-testid="shop-price">
                {formatMoney(p.price)}
              </strong>
            )}
            {p.stock_status && <Tag color={STOCK_COLORS[p.stock_status]}>{STOCK_STATUS_LABELS[p.stock_status]}</Tag>}
            {inCart > 0 && <Tag color="purple">{inCart} in cart</Tag>}
          </div>
          <StockNote status={p.stock_status} max={p.max_qty} qty={inCart} />
        </div>
        <QtyField
          id={qtyId}
          name={label}
          value={qty}
          max={p.max_qty ?? undefined}
          onChange={(e) => setQty(e.target.value === '' ? 1 : clampQty(Number(e.target.value) || 1))}
        >
          <Button
            type="primary"
            size="large"
            onClick={() => void add()}
            disabled={p.max_qty !== null && inCart + qty > p.max_qty}
            loading={busy}
            aria-label={`Add ${label} to cart`}
          >
            Add
          </Button>
        </QtyField>
      </div>
    </article>
  );
});

export default function ShopCatalogPage() {
  const { company } = useShop();
  const path = useShopPath();
  const [text, setText] = useState('');
  const [type, setType] = useState<ProductType | ''>('');
  const typed = useDebounced(text.trim(), 300);
  // search starts at 3 characters; fewer lists everything
  const query = typed.length >= PRODUCT_SEARCH_MIN_CHARS ? typed : '';
  const cart = useCart();
  const catalog = useInfiniteQuery({
    queryKey: shopKeys.catalog({ query, type }),
    // offline the service worker answers the last catalogue
    networkMode: 'offlineFirst',
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      catalogPage({
        query: query || undefined,
        product_type: type || undefined,
        startRow: pageParam,
        endRow: pageParam + CATALOG_PAGE,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
  });
  const rows = catalog.data?.pages.flatMap((p) => p.rows) ?? [];
  const [shown, setShown] = useState(CARDS_PER_STEP);
  const more = shown < rows.length;
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!more) return;
    // a transition: React renders the step in slices and gives way to a tap or a keystroke
    const step = () => startTransition(() => setShown((n) => n + CARDS_PER_STEP));
    if (typeof IntersectionObserver !== 'function' || !end.current) {
      const t = setTimeout(step, 0);
      return () => clearTimeout(t);
    }
    const seen = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && step(), { rootMargin: '200px' });
    seen.observe(end.current);
    return () => seen.disconnect();
  }, [more, shown]);
  const count = catalog.data?.pages[0]?.count ?? 0;
  const { mutateAsync } = useSaveCart(company.tax_rate);
  // one function for every render: a card renders again only when its own product or count changes
  const cartNow = useRef(cart.data);
  cartNow.current = cart.data;
  const onAdd = useCallback(
    (productId: number, qty: number) => mutateAsync(withAdded(cartNow.current, productId, qty)),
    [mutateAsync],
  );
  const inCart = new Map(cart.data?.items.map((i) => [i.product_id, i.qty]) ?? []);
  const units = cart.data?.items.reduce((n, i) => n + i.qty, 0) ?? 0;

  return (
    <>
      <h1>Products</h1>
      <div className="shop-search">
        <Icon name="search" />
        <input
          type="search"
          className="shop-input"
          placeholder="Search by name or scan a UPC"
          aria-label="Search products"
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputMode="search"
        />
      </div>
      <div className="shop-scroll-x">
        <Segmented name="product-type" label="Product type" options={TYPE_OPTIONS} value={type} onChange={setType} />
      </div>
      {text.trim().length > 0 && text.trim().length < PRODUCT_SEARCH_MIN_CHARS && (
        <p className="shop-muted">Type at least 3 characters to search.</p>
      )}
      {catalog.error && <Alert type="error" title={errorMessage(catalog.error)} />}
      {catalog.isLoading ? (
        <Skeleton />
      ) : rows.length === 0 ? (
        <Empty description="No products found" />
      ) : (
        <>
          <p className="shop-muted" aria-live="polite">
            {count} {count === 1 ? 'product' : 'products'}
          </p>
          {rows.slice(0, shown).map((p) => (
            <ProductCard
              key={p.id}
              p={p}
              showPrices={company.show_prices}
              inCart={inCart.get(p.id) ?? 0}
              onAdd={onAdd}
            />
          ))}
          {more && <div ref={end} />}
          {!more && catalog.hasNextPage && (
            <Button block onClick={() => void catalog.fetchNextPage()} loading={catalog.isFetchingNextPage}>
              Show more
            </Button>
          )}
        </>
      )}
      {units > 0 && (
        <div className="shop-cart-bar">
          <ButtonLink to={path('/cart')} type="primary" size="large" block>
            View cart · {units} {units === 1 ? 'unit' : 'units'}
            {company.show_prices && cart.data?.total !== null && cart.data?.total !== undefined
              ? ` · ${formatMoney(cart.data.total)}`
              : ''}
          </ButtonLink>
        </div>
      )}
    </>
  );
}
