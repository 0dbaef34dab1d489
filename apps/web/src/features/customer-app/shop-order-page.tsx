import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { App, Badge, Button, Card, List, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { LoadFailed } from '../../lib/load-failed';
import { type ShopOrderItem, useOrderAgain, useShopOrder } from './shop-api';
import { useShop, useShopPath } from './shop-context';
import { ShopStatusTag } from './shop-orders-page';

const { Text } = Typography;

export const ADDED_TEXT = 'Item was not ordered. It was added when order was invoiced.';

/** One line with the distributor's changes, as staff see them on the order detail. */
function Line({ item, showPrices }: { item: ShopOrderItem; showPrices: boolean }) {
  const name = item.product ? `${item.product.product} ${item.product.product_size}`.trim() : 'DELETED PRODUCT';
  const qtyChanged = item.previous_qty !== null && item.new_qty !== null && item.previous_qty !== item.new_qty;
  const priceChanged =
    showPrices && item.previous_price !== null && item.new_price !== null && item.previous_price !== item.new_price;
  const struck = item.is_rejected ? 'shop-struck' : undefined;
  return (
    <List.Item data-testid="shop-order-line">
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
    </List.Item>
  );
}

export default function ShopOrderPage() {
  const { id } = useParams();
  const { company } = useShop();
  const path = useShopPath();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const q = useShopOrder(id);
  const orderAgain = useOrderAgain();
  if (q.isLoading) return <Skeleton active />;
  if (q.error || !q.data) return <LoadFailed error={q.error} />;
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
        <ArrowLeftOutlined aria-hidden /> My orders
      </Link>
      <h1 style={{ marginTop: 8 }}>Order #{order.order_number}</h1>
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
          <div style={{ marginTop: 8 }}>
            {order.invoices.map((i) => (
              <Link key={i.id} to={path(`/invoice/${i.id}`)} style={{ marginRight: 12 }}>
                Invoice #{i.number}
                {i.beer ? 'B' : ''} ({formatDate(i.invoiced_at)})
              </Link>
            ))}
          </div>
        )}
      </Card>
      <Card className="shop-card" title="Items">
        <List dataSource={order.orderItems} renderItem={(i) => <Line item={i} showPrices={company.show_prices} />} />
      </Card>
      {order.note.length > 0 && (
        <Card className="shop-card" title="Notes">
          {order.note.map((n) =>
            n.company_user_id ? (
              <Badge.Ribbon key={n.id} text="From Distributor" color="#8b1e3f">
                <p style={{ whiteSpace: 'pre-wrap', paddingRight: 110 }}>
                  {n.note}
                  <br />
                  <Text type="secondary">{formatDateTime(n.created_at)}</Text>
                </p>
              </Badge.Ribbon>
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
      <Button size="large" block icon={<ReloadOutlined />} onClick={again} loading={orderAgain.isPending}>
        Order again
      </Button>
    </>
  );
}
