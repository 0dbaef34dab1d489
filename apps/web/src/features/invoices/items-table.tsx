import { ArrowDownOutlined, ArrowUpOutlined, BarcodeOutlined, DeleteOutlined } from '@ant-design/icons';
import { formatMoney, lineTotalCents, toCents } from '@dbo/domain/money';
import {
  Button,
  Checkbox,
  Empty,
  Input,
  InputNumber,
  Table,
  type TableColumnType,
  type TableRef,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { isBelowCost, type StockLevel, stockLevel } from '@dbo/domain/invoice';
import { LIMITS } from '@dbo/domain/primitives';
import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
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

type Update = (key: string, patch: Partial<BuilderItem>) => void;

/*
 * Above this many lines only the lines in view are in the DOM (antd's virtual table in a box of
 * VIRTUAL_SCROLL.y px): with all 200 lines of a long invoice in the DOM, a quantity keystroke cost
 * ~110 ms of React walking the rows and Chromium laying out and painting them (issue 19,
 * bench/builder-browser.ts). Up to this many the table is the plain one, with the same DOM as before.
 */
export const VIRTUAL_ABOVE = 50;
const VIRTUAL_SCROLL = { y: 560 };
const LOCALE = {
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Scan or search products to add them" />,
};

/*
 * The cells below are memoised components fed with stable callbacks: a keystroke in one line's
 * quantity re-renders that line's inputs, not the 200 other lines' (issue 19, bench/builder-browser.ts).
 */

const MoveCell = memo(function MoveCell({
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

const ProductCell = memo(function ProductCell({
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

const QtyCell = memo(function QtyCell({
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

const PriceCell = memo(function PriceCell({
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

const FlagCell = memo(function FlagCell({
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

const TotalCell = memo(function TotalCell({ qty, price }: { qty: number; price: number }) {
  return <span className="money">{formatMoney(lineTotalCents(qty, price) / 100)}</span>;
});

const RemoveCell = memo(function RemoveCell({
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

/**
 * The lines by key, for the cells. The table is given rows that are only keys, and renders again
 * only when lines are added, removed or moved: antd's table re-renders every cell in view whenever
 * it renders (its rows respond to each render of the table), ~12 ms of a quantity keystroke on a
 * 200-line invoice. A cell reads its line from here instead, so a keystroke re-renders the cells
 * of its own line (issue 37, bench/builder-browser.ts).
 */
function createLineStore() {
  let lines = new Map<string, BuilderItem>();
  const listeners = new Set<() => void>();
  return {
    get: (key: string) => lines.get(key),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** the lines a render shows: the cells rendered with it read these */
    show(items: BuilderItem[]) {
      lines = new Map(items.map((i) => [i.key, i]));
    },
    /** after the commit: each cell not rendered with it looks whether its line changed */
    notify() {
      for (const listener of listeners) listener();
    },
  };
}
type LineStore = ReturnType<typeof createLineStore>;
type Row = { key: string };

/** One cell of one line, drawn by `cell` from the line as it is now. */
const LineCell = memo(function LineCell({
  lines,
  itemKey,
  index,
  cell,
}: {
  lines: LineStore;
  itemKey: string;
  index: number;
  cell: (r: BuilderItem, index: number) => ReactNode;
}) {
  const r = useSyncExternalStore(lines.subscribe, () => lines.get(itemKey));
  return r ? cell(r, index) : null;
});

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
  // the cells' callbacks stay the same function across renders and read the latest lines from here
  const latest = useRef({ items, onChange, afterRemove });
  latest.current = { items, onChange, afterRemove };
  const update = useCallback<Update>((key, patch) => {
    const { items, onChange } = latest.current;
    onChange(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }, []);
  const move = useCallback((index: number, delta: number) => {
    const { items, onChange } = latest.current;
    const next = [...items];
    const [it] = next.splice(index, 1);
    next.splice(index + delta, 0, it);
    onChange(next);
  }, []);
  const remove = useCallback((key: string) => {
    const { items, onChange, afterRemove } = latest.current;
    onChange(items.filter((i) => i.key !== key));
    afterRemove?.();
  }, []);

  const [lines] = useState(createLineStore);
  lines.show(items);
  useLayoutEffect(() => lines.notify(), [lines, items]);

  // a long invoice shows only the lines in view: bring a scanned line into it (a new line, or a
  // line whose quantity a rescan raised while the focus was outside the table)
  const virtual = items.length > VIRTUAL_ABOVE;
  const tableRef = useRef<TableRef>(null);
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    const before = seen.current;
    const focusInTable = !!tableRef.current?.nativeElement?.contains(document.activeElement);
    let target: string | undefined;
    for (const i of items) {
      const qty = before.get(i.key);
      if (qty === undefined || (qty !== i.qty && !focusInTable)) target = i.key;
    }
    seen.current = new Map(items.map((i) => [i.key, i.qty]));
    if (virtual && target !== undefined && before.size > 0) tableRef.current?.scrollTo({ key: target });
  }, [items, virtual]);

  // the keys in their order: the table's rows, the same array until a line is added, removed or moved
  const order = items.map((i) => i.key).join('\n');
  const rows = useMemo<Row[]>(() => (order ? order.split('\n').map((key) => ({ key })) : []), [order]);
  const count = rows.length;
  const columns = useMemo<TableColumnType<Row>[]>(() => {
    const column = (
      title: ReactNode,
      cell: (r: BuilderItem, index: number) => ReactNode,
      rest: Omit<TableColumnType<Row>, 'title' | 'render'> = {},
    ): TableColumnType<Row> => {
      return {
        title,
        ...rest,
        render: (_, { key }, index) => <LineCell lines={lines} itemKey={key} index={index} cell={cell} />,
      };
    };
    const flag = (title: string, field: 'taxable' | 'on_deal') =>
      column(
        title,
        (r) => (
          <FlagCell itemKey={r.key} label={`${title} ${r.product}`} field={field} checked={r[field]} update={update} />
        ),
        { width: 66, align: 'center' },
      );
    return [
      column('#', (r, i) => <MoveCell index={i} last={i === count - 1} product={r.product} onMove={move} />, {
        width: 60,
      }),
      column('Product', (r) => <ProductCell r={r} inventory={inventory} update={update} />),
      column('Qty', (r) => <QtyCell itemKey={r.key} product={r.product} qty={r.qty} update={update} />, { width: 84 }),
      column(
        'Price',
        (r) => (
          <PriceCell itemKey={r.key} product={r.product} price={r.price} disabled={!canEditPrice} update={update} />
        ),
        { width: 118 },
      ),
      flag('Taxable', 'taxable'),
      flag('On deal', 'on_deal'),
      column('Total', (r) => <TotalCell qty={r.qty} price={r.price} />, { width: 96, align: 'right' }),
      // a header cell needs a name (axe empty-table-header); the row actions are keyboard stops too
      column(
        <span className="visually-hidden">Remove</span>,
        (r) => <RemoveCell itemKey={r.key} product={r.product} onRemove={remove} />,
        { width: 44 },
      ),
    ];
  }, [lines, count, inventory, canEditPrice, update, move, remove]);

  // a line's stock colour is its row's class: the table renders again only when a level changes
  // (a CSS :has rule on the cells' marker instead slowed every screen that loaded this style sheet)
  const levels = inventory
    ? items.map((i) => (i.stock == null ? '' : stockLevel(i.stock, i.qty, i.reorder_level).level)).join(',')
    : '';
  const rowClassName = useCallback(
    (r: Row) => {
      const i = lines.get(r.key);
      if (!inventory || !i || i.stock == null) return '';
      const { level } = stockLevel(i.stock, i.qty, i.reorder_level);
      return level === 'NEGATIVE' ? 'row-negative' : level === 'ZERO' ? 'row-zero' : '';
    },
    [inventory, lines, levels],
  );

  // the same element while the rows, columns and row classes are: React leaves the table alone on a keystroke
  return useMemo(
    () => (
      <Table<Row>
        ref={tableRef}
        {...(virtual ? { virtual: true, scroll: VIRTUAL_SCROLL } : {})}
        className="builder-items"
        data-testid="builder-items"
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        locale={LOCALE}
        rowClassName={rowClassName}
        columns={columns}
      />
    ),
    [virtual, rows, columns, rowClassName],
  );
}
