import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { itemsSummary } from '@dbo/domain/order';
import { BEING_PREPARED } from '@dbo/domain/customer-app';
import { Alert, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { OrderStatusTag } from '../../lib/order-status-tag';
import { errorMessage } from '../../lib/api';
import { useShopOrders } from './shop-api';
import { useShop, useShopPath } from './shop-context';

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
  return <OrderStatusTag status={status} testId="shop-order-status" />;
}

export default function ShopOrdersPage() {
  const { company } = useShop();
  const path = useShopPath();
  const orders = useShopOrders();
  return (
    <>
      <h1>My orders</h1>
      {orders.error && <Alert type="error" showIcon title={errorMessage(orders.error)} />}
      {orders.isLoading ? (
        <Skeleton active />
      ) : !orders.data?.rows.length ? (
        <Empty description="You have not placed an order yet" />
      ) : (
        orders.data.rows.map((o) => (
          <Link key={o.id} to={path(`/order/${o.id}`)}>
            <Card className="shop-card" hoverable data-testid="shop-order-row">
              <div className="shop-product">
                <div>
                  <div className="shop-product-name">Order #{o.order_number}</div>
                  <Typography.Text type="secondary">
                    {formatDate(o.ordered_at ?? o.created_at)} · {itemsSummary(o.units_count, o.items_count)}
                  </Typography.Text>
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
