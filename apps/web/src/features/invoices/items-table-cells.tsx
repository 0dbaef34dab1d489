import { ArrowDownOutlined, ArrowUpOutlined, BarcodeOutlined, DeleteOutlined } from '@ant-design/icons';
import { formatMoney, lineTotalCents, toCents } from '@dbo/domain/money';
import { Button, Checkbox, Input, InputNumber, Tag, Tooltip, Typography } from 'antd';
import { isBelowCost, type StockLevel, stockLevel } from '@dbo/domain/invoice';
import { LIMITS } from '@dbo/domain/primitives';
import { memo } from 'react';
import { type BuilderItem, orderChanges } from './builder-model';
import { TypeTag } from './product-search';

/** The builder items table's cells (items-table.tsx): one line's product, quantity, price, flags, total and actions. */

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
        <ChangeNote
          what="Quantity"
          change={`Ordered qty ${ordered.qty} → ${item.qty}`}
          product={item.product}
          value={item.qty_change_note}
          onChange={(v) => update({ qty_change_note: v })}
        />
      )}
      {changed.price && (
        <ChangeNote
          what="Price"
          change={`Ordered price ${formatMoney(ordered.price)} → ${formatMoney(item.price)}`}
          product={item.product}
          value={item.price_change_note}
          onChange={(v) => update({ price_change_note: v })}
        />
      )}
    </div>
  );
}

/** One changed value ('Ordered qty 3 → 4') and the note that explains it. */
function ChangeNote(props: {
  what: 'Quantity' | 'Price';
  change: string;
  product: string;
  value: string | null | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {props.change}
      </Typography.Text>
      <Input
        size="small"
        aria-label={`${props.what} change note for ${props.product}`}
        placeholder={`Note for the ${props.what.toLowerCase()} change (optional)`}
        maxLength={LIMITS.longText}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

export type Update = (key: string, patch: Partial<BuilderItem>) => void;

/*
 * The cells below are memoised components fed with stable callbacks: a keystroke in one line's
 * quantity re-renders that line's inputs, not the 200 other lines' (issue 19, bench/builder-browser.ts).
 */

export const MoveCell = memo(function MoveCell({
  index,
  last,
  product,
  onMove,
}: {
  index: number;
  last: boolean;
  product: string;
  onMove: (index: number, delta: number) => void;
}) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        type="text"
        aria-label={`Move ${product} up`}
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
      />
      <Button
        size="small"
        type="text"
        aria-label={`Move ${product} down`}
        icon={<ArrowDownOutlined />}
        disabled={last}
        onClick={() => onMove(index, 1)}
      />
    </span>
  );
});

export const ProductCell = memo(function ProductCell({
  r,
  inventory,
  update,
}: {
  r: BuilderItem;
  inventory: boolean;
  update: Update;
}) {
  const stock = inventory && r.stock != null ? stockLevel(r.stock, r.qty, r.reorder_level) : null;
  const level = stock?.level;
  const below = isBelowCost(r.price, r.last_purchase_price);
  return (
    <div data-testid="item-row" data-level={level}>
      <div>
        <TypeTag type={r.product_type} /> <strong>{r.product}</strong> {r.product_size}
        {r.scanned && (
          <Tooltip title="Added by barcode scan">
            <BarcodeOutlined style={{ marginLeft: 6, color: '#6b6b6b' }} aria-label="scanned" />
          </Tooltip>
        )}
        {level && (
          <Tooltip title={`${r.stock} in stock${r.reorder_level != null ? `, reorder level ${r.reorder_level}` : ''}`}>
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
});

export const QtyCell = memo(function QtyCell({
  itemKey,
  product,
  qty,
  update,
}: {
  itemKey: string;
  product: string;
  qty: number;
  update: Update;
}) {
  return (
    <InputNumber
      aria-label={`Quantity of ${product}`}
      data-testid="item-qty"
      value={qty}
      step={1}
      precision={0}
      style={{ width: 70 }}
      onChange={(v) => update(itemKey, { qty: v == null ? 0 : Math.trunc(Number(v)) })}
    />
  );
});

export const PriceCell = memo(function PriceCell({
  itemKey,
  product,
  price,
  disabled,
  update,
}: {
  itemKey: string;
  product: string;
  price: number;
  disabled: boolean;
  update: Update;
}) {
  return (
    <InputNumber
      aria-label={`Price of ${product}`}
      data-testid="item-price"
      data-price-key={itemKey}
      value={price}
      min={0}
      step={0.01}
      precision={2}
      prefix="$"
      disabled={disabled}
      style={{ width: 104 }}
      status={toCents(price) === 0 ? 'warning' : undefined}
      onChange={(v) => update(itemKey, { price: v == null ? 0 : toCents(v) / 100 })}
    />
  );
});

export const FlagCell = memo(function FlagCell({
  itemKey,
  label,
  field,
  checked,
  update,
}: {
  itemKey: string;
  label: string;
  field: 'taxable' | 'on_deal';
  checked: boolean;
  update: Update;
}) {
  return (
    <Checkbox aria-label={label} checked={checked} onChange={(e) => update(itemKey, { [field]: e.target.checked })} />
  );
});

export const TotalCell = memo(function TotalCell({ qty, price }: { qty: number; price: number }) {
  return <span className="money">{formatMoney(lineTotalCents(qty, price) / 100)}</span>;
});

export const RemoveCell = memo(function RemoveCell({
  itemKey,
  product,
  onRemove,
}: {
  itemKey: string;
  product: string;
  onRemove: (key: string) => void;
}) {
  return (
    <Button
      type="text"
      danger
      aria-label={`Remove ${product}`}
      icon={<DeleteOutlined />}
      onClick={() => onRemove(itemKey)}
    />
  );
});
