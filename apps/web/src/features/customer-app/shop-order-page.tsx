import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { type ShopOrderItem, useOrderAgain, useShopOrder } from './shop-api';
import { useShop, useShopPath } from './shop-context';
import { ShopStatusTag } from './shop-orders-page';
import { Button, Card, Icon, Result, Skeleton, Tag, useToast } from './shop-ui';

const Text = ({
  type,
  delete: del,
  children,
  className,
  style,
}: {
  type?: 'secondary' | 'warning';
  delete?: boolean;
  children: React.ReactNode;
  className?: string;
  style?: React.CSSProperties;
}) => {
  const cls = [type === 'secondary' && 'shop-muted', type === 'warning' && 'shop-warn', className]
    .filter(Boolean)
    .join(' ');
  return del ? (
    <del className={cls || undefined}>{children}</del>
  ) : (
    <span className={cls || undefined} style={style}>
      {children}
    </span>
  );
};

export const ADDED_TEXT = 'Item was not ordered. It was added when order was invoiced.';

/** One line with the distributor's changes, as staff see them on the order detail. */
function Line({ item, showPrices }: { item: ShopOrderItem; showPrices: boolean }) {
  const name = item.product ? `${item.product.product} ${item.product.product_size}`.trim() : 'DELETED PRODUCT';
  const qtyChanged = item.previous_qty !== null && item.new_qty !== null && item.previous_qty !== item.new_qty;
  const priceChanged =
    showPrices && item.previous_price !== null && item.new_price !== null && item.previous_price !== item.new_price;
  const struck = item.is_rejected ? 'shop-struck' : undefined;
  return (
    <li className="shop-line" data-testid="shop-order-line">
      <div style={{ width: '100%' }}>
        <div className="shop-product">
          <span className={struck} style={{ fontWeight: 600 }}>
            {name}
          </span>
          {showPrices && item.total !== null && <span className={struck}>{formatMoney(item.total)}</span>}
        </div>
        <div>
          {qtyChanged ? (
            <span data-testid="shop-qty-change">
              Qty <Text delete>{item.previous_qty}</Text> → <strong>{item.new_qty}</strong>
              {item.qty_change_note && <Text type="secondary"> — {item.qty_change_note}</Text>}
            </span>
          ) : (
            <span className={struck}>Qty {item.new_qty ?? item.qty}</span>
          )}
          {showPrices && !priceChanged && item.price !== null && (
            <Text type="secondary" className={struck}>
              {' '}
              × {formatMoney(item.new_price ?? item.price)}
            </Text>
          )}
        </div>
        {priceChanged && (
          <div data-testid="shop-price-change">
            Price <Text delete>{formatMoney(item.previous_price)}</Text> →{' '}
            <strong>{formatMoney(item.new_price)}</strong>
            {item.price_change_note && <Text type="secondary"> — {item.price_change_note}</Text>}
          </div>
        )}
        {item.is_rejected && (
          <div>
            <Tag color="red">Rejected</Tag>
            {item.rejection_note && <Text type="secondary">{item.rejection_note}</Text>}
          </div>
        )}
        {item.is_added && (
          <Text type="warning" style={{ fontSize: 12 }}>
            {ADDED_TEXT}
          </Text>
        )}
      </div>
    </li>
  );
}

export default function ShopOrderPage() {
  const { id } = useParams();
  const { company } = useShop();
  const path = useShopPath();
  const navigate = useNavigate();
  const message = useToast();
  const q = useShopOrder(id);
  const orderAgain = useOrderAgain();
  if (q.isLoading) return <Skeleton />;
  if (q.error || !q.data)
    return (
      <Result
        status="error"
        title="Sorry, something went wrong!"
        subTitle={q.error ? errorMessage(q.error) : undefined}
      />
    );
  const { order } = q.data;
  const again = () =>
    orderAgain.mutate(order.id, {
      onSuccess: (cart) => {
        message.success(`Order #${order.order_number} copied into your cart`);
        if (cart.skipped.length) message.warning(`Not available any more: ${cart.skipped.join(', ')}`, 8);
        navigate(path('/cart'));
      },
      onError: (e) => message.error(errorMessage(e)),
    });
  return (
    <>
      <Link to={path('/order')}>
        <Icon name="back" size={14} /> My orders
      </Link>
      <h1>Order #{order.order_number}</h1>
      <Card className="shop-card">
        <div className="shop-product">
          <div>
            <ShopStatusTag status={order.status} invoices={order.invoices} />
            <div>
              <Text type="secondary">Placed {formatDateTime(order.ordered_at ?? order.created_at)}</Text>
            </div>
          </div>
          {company.show_prices && order.total !== null && (
            <strong style={{ fontSize: 18 }} data-testid="shop-order-total">
              {formatMoney(order.total)}
            </strong>
          )}
        </div>
        {order.invoices.length > 0 && (
          <div className="shop-links">
            {order.invoices.map((i) => (
              <Link key={i.id} to={path(`/invoice/${i.id}`)}>
                Invoice #{i.number}
                {i.beer ? 'B' : ''} ({formatDate(i.invoiced_at)})
              </Link>
            ))}
          </div>
        )}
      </Card>
      <Card className="shop-card" title="Items">
        <ul className="shop-lines">
          {order.orderItems.map((i) => (
            <Line key={i.id} item={i} showPrices={company.show_prices} />
          ))}
        </ul>
      </Card>
      {order.note.length > 0 && (
        <Card className="shop-card" title="Notes">
          {order.note.map((n) =>
            n.company_user_id ? (
              <div key={n.id} className="shop-note-distributor">
                <span className="shop-ribbon">From Distributor</span>
                <p style={{ whiteSpace: 'pre-wrap' }}>
                  {n.note}
                  <br />
                  <Text type="secondary">{formatDateTime(n.created_at)}</Text>
                </p>
              </div>
            ) : (
              <p key={n.id} style={{ whiteSpace: 'pre-wrap' }}>
                {n.note}
                <br />
                <Text type="secondary">{formatDateTime(n.created_at)}</Text>
              </p>
            ),
          )}
        </Card>
      )}
      <Button size="large" block icon={<Icon name="reload" />} onClick={again} loading={orderAgain.isPending}>
        Order again
      </Button>
    </>
  );
}
