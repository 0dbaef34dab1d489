import { ArrowDownOutlined, ArrowUpOutlined, BarcodeOutlined, DeleteOutlined } from '@ant-design/icons';
import { formatMoney, lineTotalCents, toCents } from '@dbo/domain/money';
import { Button, Checkbox, Empty, Input, InputNumber, Table, Tag, Tooltip, Typography } from 'antd';
import { isBelowCost, type StockLevel, stockLevel } from '@dbo/domain/invoice';
import { LIMITS } from '@dbo/domain/primitives';
import { type BuilderItem, orderChanges } from './builder-model';
import { TypeTag } from './product-search';

const LEVEL_COLORS: Record<StockLevel, string> = { OK: 'green', LOW: 'gold', ZERO: 'orange', NEGATIVE: 'red' };

/**
 * Invoicing an online order: a line whose quantity or price differs from what was ordered shows
 * 'Ordered old → new' and a note for that change (spec 2: the order detail shows old → new with notes).
 */
function OrderChangeNotes({ item, update }: { item: BuilderItem; update: (patch: Partial<BuilderItem>) => void }) {
  const changed = orderChanges(item);
  if (!item.ordered || (!changed.qty && !changed.price)) return null;
  const { ordered } = item;
  return (
    <div className="order-change-notes" data-testid="order-change">
      {changed.qty && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Ordered qty {ordered.qty} → {item.qty}
          </Typography.Text>
          <Input
            size="small"
            aria-label={`Quantity change note for ${item.product}`}
            placeholder="Note for the quantity change (optional)"
            maxLength={LIMITS.longText}
            value={item.qty_change_note ?? ''}
            onChange={(e) => update({ qty_change_note: e.target.value })}
          />
        </div>
      )}
      {changed.price && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Ordered price {formatMoney(ordered.price)} → {formatMoney(item.price)}
          </Typography.Text>
          <Input
            size="small"
            aria-label={`Price change note for ${item.product}`}
            placeholder="Note for the price change (optional)"
            maxLength={LIMITS.longText}
            value={item.price_change_note ?? ''}
            onChange={(e) => update({ price_change_note: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

export function ItemsTable({
  items,
  onChange,
  inventory,
  canEditPrice,
  afterRemove,
}: {
  items: BuilderItem[];
  onChange: (items: BuilderItem[]) => void;
  /** a removed line takes its focused button with it: the builder puts the focus somewhere useful */
  afterRemove?: () => void;
  /** the inventory feature is on: show stock markers */
  inventory: boolean;
  canEditPrice: boolean;
}) {
  const update = (key: string, patch: Partial<BuilderItem>) =>
    onChange(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const move = (index: number, delta: number) => {
    const next = [...items];
    const [it] = next.splice(index, 1);
    next.splice(index + delta, 0, it);
    onChange(next);
  };

  return (
    <Table<BuilderItem>
      className="builder-items"
      data-testid="builder-items"
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={items}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Scan or search products to add them" />,
      }}
      rowClassName={(r) => {
        if (!inventory || r.stock == null) return '';
        const { level } = stockLevel(r.stock, r.qty, r.reorder_level);
        return level === 'NEGATIVE' ? 'row-negative' : level === 'ZERO' ? 'row-zero' : '';
      }}
      columns={[
        {
          title: '#',
          width: 60,
          render: (_, r, i) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <Button
                size="small"
                type="text"
                aria-label={`Move ${r.product} up`}
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              />
              <Button
                size="small"
                type="text"
                aria-label={`Move ${r.product} down`}
                icon={<ArrowDownOutlined />}
                disabled={i === items.length - 1}
                onClick={() => move(i, 1)}
              />
            </span>
          ),
        },
        {
          title: 'Product',
          render: (_, r) => {
            const stock = inventory && r.stock != null ? stockLevel(r.stock, r.qty, r.reorder_level) : null;
            const level = stock?.level;
            const below = isBelowCost(r.price, r.last_purchase_price);
            return (
              <div data-testid="item-row">
                <div>
                  <TypeTag type={r.product_type} /> <strong>{r.product}</strong> {r.product_size}
                  {r.scanned && (
                    <Tooltip title="Added by barcode scan">
                      <BarcodeOutlined style={{ marginLeft: 6, color: '#6b6b6b' }} aria-label="scanned" />
                    </Tooltip>
                  )}
                  {level && (
                    <Tooltip
                      title={`${r.stock} in stock${r.reorder_level != null ? `, reorder level ${r.reorder_level}` : ''}`}
                    >
                      <Tag color={LEVEL_COLORS[level]} className="stock-tag" data-testid="stock-level">
                        {level}
                      </Tag>
                    </Tooltip>
                  )}
                  {stock?.lowStockMarker && (
                    <Tooltip title="Low stock: under twice the reorder level">
                      <Tag color="orange" className="stock-tag" data-testid="low-stock">
                        Low stock
                      </Tag>
                    </Tooltip>
                  )}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[r.upc, r.internal_sku].filter(Boolean).join(' · ')}
                </Typography.Text>
                {below && (
                  <div>
                    <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="below-cost">
                      This item was invoiced below cost.
                    </Typography.Text>
                  </div>
                )}
                <OrderChangeNotes item={r} update={(patch) => update(r.key, patch)} />
              </div>
            );
          },
        },
        {
          title: 'Qty',
          width: 84,
          render: (_, r) => (
            <InputNumber
              aria-label={`Quantity of ${r.product}`}
              data-testid="item-qty"
              value={r.qty}
              step={1}
              precision={0}
              style={{ width: 70 }}
              onChange={(v) => update(r.key, { qty: v == null ? 0 : Math.trunc(Number(v)) })}
            />
          ),
        },
        {
          title: 'Price',
          width: 118,
          render: (_, r) => (
            <InputNumber
              aria-label={`Price of ${r.product}`}
              data-testid="item-price"
              data-price-key={r.key}
              value={r.price}
              min={0}
              step={0.01}
              precision={2}
              prefix="$"
              disabled={!canEditPrice}
              style={{ width: 104 }}
              status={toCents(r.price) === 0 ? 'warning' : undefined}
              onChange={(v) => update(r.key, { price: v == null ? 0 : toCents(v) / 100 })}
            />
          ),
        },
        {
          title: 'Taxable',
          width: 66,
          align: 'center',
          render: (_, r) => (
            <Checkbox
              aria-label={`Taxable ${r.product}`}
              checked={r.taxable}
              onChange={(e) => update(r.key, { taxable: e.target.checked })}
            />
          ),
        },
        {
          title: 'On deal',
          width: 66,
          align: 'center',
          render: (_, r) => (
            <Checkbox
              aria-label={`On deal ${r.product}`}
              checked={r.on_deal}
              onChange={(e) => update(r.key, { on_deal: e.target.checked })}
            />
          ),
        },
        {
          title: 'Total',
          width: 96,
          align: 'right',
          render: (_, r) => <span className="money">{formatMoney(lineTotalCents(r.qty, r.price) / 100)}</span>,
        },
        {
          // a header cell needs a name (axe empty-table-header); the row actions are keyboard stops too
          title: <span className="visually-hidden">Remove</span>,
          width: 44,
          render: (_, r) => (
            <Button
              type="text"
              danger
              aria-label={`Remove ${r.product}`}
              icon={<DeleteOutlined />}
              onClick={() => {
                onChange(items.filter((i) => i.key !== r.key));
                afterRemove?.();
              }}
            />
          ),
        },
      ]}
    />
  );
}
