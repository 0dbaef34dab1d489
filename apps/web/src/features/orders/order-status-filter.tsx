import { ORDER_STATUSES } from '@dbo/domain/constants';
import type { CustomFilterProps } from 'ag-grid-react';
import { useGridFilter } from 'ag-grid-react';
import { Checkbox } from 'antd';
import { useCallback } from 'react';
import { orderStatusLabel } from './order-status-tag';

/** A checkbox list of order statuses; sends AG Grid's set model {filterType:'set', values}. */
export function OrderStatusFilter({ model, onModelChange }: CustomFilterProps) {
  const doesFilterPass = useCallback(() => true, []);
  useGridFilter({ doesFilterPass });
  const values: string[] = model?.values ?? [];
  return (
    <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 6 }} data-testid="order-status-filter">
      {ORDER_STATUSES.filter((s) => s !== 'draft').map((s) => (
        <Checkbox
          key={s}
          checked={values.includes(s)}
          onChange={(e) => {
            const next = e.target.checked ? [...values, s] : values.filter((v) => v !== s);
            onModelChange(next.length ? { filterType: 'set', values: next } : null);
          }}
        >
          {orderStatusLabel(s)}
        </Checkbox>
      ))}
    </div>
  );
}
