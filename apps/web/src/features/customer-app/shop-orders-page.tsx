import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { itemsSummary } from '@dbo/domain/order-totals';
import { BEING_PREPARED } from '@dbo/domain/customer-app-labels';
import { Link } from 'react-router';
import { ORDER_STATUS_COLORS, orderStatusLabel } from '../../lib/order-status';
import { errorMessage } from '../../lib/api';
import { useShopOrders } from './shop-api';
import { useShop, useShopPath } from './shop-context';
import { Alert, Card, Empty, Skeleton, Tag } from './shop-ui';

/**
 * The order's status as its customer sees it: an order invoiced only on drafts (which the customer
 * does not see) is "Being prepared" until an invoice leaves draft.
 */
export function ShopStatusTag({ status, invoices }: { status: string; invoices: readonly unknown[] }) {
  if ((status === 'invoiced' || status === 'partially_invoiced') && invoices.length === 0)
    return (
      <Tag color="#874d00" data-testid="shop-order-status">
        {BEING_PREPARED}
      </Tag>
    );
  return (
    <Tag
      color={ORDER_STATUS_COLORS[status as keyof typeof ORDER_STATUS_COLORS] ?? '#595959'}
      data-testid="shop-order-status"
    >
      {orderStatusLabel(status)}
    </Tag>
  );
}

export default function ShopOrdersPage() {
  const { company } = useShop();
  const path = useShopPath();
  const orders = useShopOrders();
  return (
    <>
      <h1>My orders</h1>
      {orders.error && <Alert type="error" title={errorMessage(orders.error)} />}
      {orders.isLoading ? (
        <Skeleton />
      ) : !orders.data?.rows.length ? (
        <Empty description="You have not placed an order yet" />
      ) : (
        orders.data.rows.map((o) => (
          <Link key={o.id} to={path(`/order/${o.id}`)} className="shop-row-link">
            <Card className="shop-card shop-hover" data-testid="shop-order-row">
              <div className="shop-product">
                <div>
                  <div className="shop-product-name">Order #{o.order_number}</div>
                  <span className="shop-muted">
                    {formatDate(o.ordered_at ?? o.created_at)} · {itemsSummary(o.units_count, o.items_count)}
                  </span>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <ShopStatusTag status={o.status} invoices={o.invoices} />
                  {company.show_prices && o.total !== null && <div>{formatMoney(o.total)}</div>}
                </div>
              </div>
            </Card>
          </Link>
        ))
      )}
    </>
  );
}
