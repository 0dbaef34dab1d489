import { productTypeLabel } from '@dbo/domain/constants';
import { formatMoney } from '@dbo/domain/money';
import { ORDER_MSG } from '@dbo/domain/order';
import { Table, Tag, Typography } from 'antd';
import type { OrderItemView } from './api';

const { Text } = Typography;

/** The product's name as staff see it: 'DELETED PRODUCT' when gone, the internal SKU first when that feature is on. */
export function productName(item: OrderItemView, internalSku: boolean): string {
  if (!item.product) return ORDER_MSG.deletedProduct;
  const name = `${item.product.product}${item.product.product_size ? ` ${item.product.product_size}` : ''}`;
  return internalSku && item.product.internal_sku ? `${item.product.internal_sku} - ${name}` : name;
}

function Change({ from, to, note, money }: { from: number; to: number; note: string | null; money?: boolean }) {
  const f = (v: number) => (money ? formatMoney(v) : String(v));
  return (
    <div data-testid="item-change">
      <Text delete type="secondary">
        {f(from)}
      </Text>{' '}
      → <Text strong>{f(to)}</Text>
      {note && (
        <div>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {note}
          </Text>
        </div>
      )}
    </div>
  );
}

/**
 * Order lines with the distributor's changes (spec 2, Order detail): rejected lines struck
 * through with their note, quantity and price changes old → new with notes, and lines added at
 * invoicing flagged. Shared by nothing else: the shop renders the same rules in its own table.
 */
export function OrderItemsTable({ items, internalSku }: { items: OrderItemView[]; internalSku: boolean }) {
  return (
    <Table<OrderItemView>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={items}
      data-testid="order-items"
      rowClassName={(r) => (r.is_rejected ? 'order-line-rejected' : r.is_added ? 'order-line-added' : '')}
      columns={[
        {
          title: 'Type',
          key: 'type',
          width: 100,
          render: (_, r) => productTypeLabel(r.product?.product_type),
        },
        {
          title: 'Item Qty',
          key: 'qty',
          width: 130,
          render: (_, r) =>
            r.previous_qty !== null && r.new_qty !== null && r.previous_qty !== r.new_qty ? (
              <Change from={r.previous_qty} to={r.new_qty} note={r.qty_change_note} />
            ) : (
              <span className={r.is_rejected ? 'struck' : undefined}>{r.new_qty ?? r.qty}</span>
            ),
        },
        {
          title: 'Product',
          key: 'product',
          render: (_, r) => (
            <div>
              <span className={r.is_rejected ? 'struck' : undefined}>
                {r.product ? productName(r, internalSku) : <Text type="danger">{ORDER_MSG.deletedProduct}</Text>}
              </span>
              {r.is_rejected && (
                <div data-testid="item-rejected">
                  <Tag color="red">Rejected</Tag>
                  {r.rejection_note && <Text type="secondary">{r.rejection_note}</Text>}
                </div>
              )}
              {r.is_added && (
                <div data-testid="item-added">
                  <Text type="warning" style={{ fontSize: 12 }}>
                    {ORDER_MSG.addedItem}
                  </Text>
                </div>
              )}
            </div>
          ),
        },
        {
          title: 'Item Price',
          key: 'price',
          width: 140,
          align: 'right',
          render: (_, r) =>
            r.previous_price !== null && r.new_price !== null && r.previous_price !== r.new_price ? (
              <Change from={r.previous_price} to={r.new_price} note={r.price_change_note} money />
            ) : (
              <span className={r.is_rejected ? 'struck' : undefined}>{formatMoney(r.new_price ?? r.price)}</span>
            ),
        },
        {
          title: 'Total',
          key: 'total',
          width: 130,
          align: 'right',
          render: (_, r) => <span className={r.is_rejected ? 'struck' : undefined}>{formatMoney(r.total)}</span>,
        },
      ]}
    />
  );
}
