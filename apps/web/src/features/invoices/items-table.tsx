import { Empty, Table, type TableColumnType, type TableRef } from 'antd';
import { stockLevel } from '@dbo/domain/invoice';
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
import type { BuilderItem } from './builder-model';
import {
  FlagCell,
  MoveCell,
  PriceCell,
  ProductCell,
  QtyCell,
  RemoveCell,
  TotalCell,
  type Update,
} from './items-table-cells';

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
