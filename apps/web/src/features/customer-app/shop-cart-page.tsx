import { productTypeLabel } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import { useEffect, useRef, useState } from 'react';
import { errorMessages } from '../../lib/api';
import { type ShopOrder, useCart, usePlaceOrder, useSaveCart } from './shop-api';
import { QtyField } from './qty-field';
import { withNote, withQty } from './shop-cart-model';
import { useShop, useShopPath } from './shop-context';
import { Alert, Button, ButtonLink, Card, Empty, Icon, Result, Skeleton, useToast } from './shop-ui';
import { StockNote } from './stock-note';
import { OFFLINE_QUEUED, type QueuedOrder } from './shop-offline';

export default function ShopCartPage() {
  const { company } = useShop();
  const path = useShopPath();
  const message = useToast();
  const cart = useCart();
  const save = useSaveCart(company.tax_rate);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [placed, setPlaced] = useState<ShopOrder | QueuedOrder | null>(null);
  const place = usePlaceOrder({ onSuccess: setPlaced });
  const pending = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (cart.data) setNote(cart.data.note ?? '');
  }, [cart.data]);

  if (placed && 'client_id' in placed)
    return (
      <Result
        status="info"
        title="Order saved on this phone"
        subTitle={OFFLINE_QUEUED}
        extra={
          <ButtonLink to={path('')} size="large">
            Keep shopping
          </ButtonLink>
        }
        testId="order-queued"
      />
    );
  if (placed)
    return (
      <Result
        status="success"
        title={`Order #${placed.order_number} placed`}
        subTitle={`Thank you! ${company.name} has received your order.`}
        extra={
          <>
            <ButtonLink to={path(`/order/${placed.id}`)} type="primary" size="large">
              View order
            </ButtonLink>
            <ButtonLink to={path('')} size="large">
              Keep shopping
            </ButtonLink>
          </>
        }
        testId="order-placed"
      />
    );
  if (cart.isLoading) return <Skeleton />;
  const items = cart.data?.items ?? [];
  const setQty = (productId: number, qty: number) => {
    pending.current = save
      .mutateAsync(withQty(cart.data, productId, qty))
      .catch((e) => message.error(errorMessages(e).join(' ')));
  };
  const saveNote = () => {
    if (!cart.data || note === (cart.data.note ?? '')) return;
    pending.current = save.mutateAsync(withNote(cart.data, note)).catch(() => undefined);
  };
  const submit = async () => {
    setErrors([]);
    // leaving the note box for the button saves the cart first: place only after that save, or
    // the save would bring back a cart the order has just taken
    await pending.current;
    // no items: the server places the cart itself (and empties it), with the note typed last
    place.mutate({ note }, { onError: (e) => setErrors(errorMessages(e)) });
  };

  return (
    <>
      <h1>Cart</h1>
      {items.length === 0 ? (
        <Empty description="Your cart is empty">
          <ButtonLink to={path('')} type="primary">
            Browse products
          </ButtonLink>
        </Empty>
      ) : (
        <>
          {items.map((i) => {
            const id = `cart-qty-${i.product_id}`;
            const name = `${i.product.product} ${i.product.product_size}`.trim();
            return (
              <Card className="shop-card" key={i.product_id} data-testid="cart-line">
                <div className="shop-product">
                  <div style={{ minWidth: 0 }}>
                    <div className="shop-product-name">{i.product.product}</div>
                    <span className="shop-muted">
                      {[i.product?.product_size, productTypeLabel(i.product?.product_type)].filter(Boolean).join(' · ')}
                    </span>
                    {company.show_prices && i.price !== null && (
                      <div>
                        {formatMoney(i.price)} each · <strong>{formatMoney(i.total)}</strong>
                      </div>
                    )}
                    <StockNote status={i.stock_status} max={i.max_qty} qty={i.qty} />
                  </div>
                  <QtyField
                    id={id}
                    name={name}
                    width={72}
                    defaultValue={i.qty}
                    max={i.max_qty ?? undefined}
                    inputKey={`${i.product_id}-${i.qty}`}
                    onBlur={(e) => {
                      const v = Number(e.target.value);
                      if (e.target.value !== '' && Number.isFinite(v) && v !== i.qty) setQty(i.product_id, v);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') e.currentTarget.blur();
                    }}
                  >
                    <Button
                      size="large"
                      danger
                      icon={<Icon name="delete" />}
                      aria-label={`Remove ${name}`}
                      onClick={() => setQty(i.product_id, 0)}
                    />
                  </QtyField>
                </div>
              </Card>
            );
          })}
          <Card className="shop-card">
            <label htmlFor="cart-note" style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
              Note to {company.name}
            </label>
            <textarea
              id="cart-note"
              className="shop-input"
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onBlur={saveNote}
              placeholder="Delivery instructions, substitutions…"
            />
          </Card>
          {company.show_prices && cart.data?.total !== null && cart.data?.total !== undefined && (
            <dl className="shop-totals">
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatMoney(cart.data.sub_total)}</dd>
              <dt>Tax ({cart.data.tax_rate}%)</dt>
              <dd data-testid="cart-tax">{formatMoney(cart.data.tax_total)}</dd>
              <dt className="shop-total">Total</dt>
              <dd className="shop-total">
                <strong data-testid="cart-total">{formatMoney(cart.data.total)}</strong>
              </dd>
            </dl>
          )}
          {errors.length > 0 && <Alert type="error" title={errors.join(' ')} />}
          <Button type="primary" size="large" block onClick={() => void submit()} loading={place.isPending}>
            Place Order
          </Button>
        </>
      )}
    </>
  );
}
