import { INVOICE_STATUSES } from '@dbo/domain/constants';
import type { CustomFilterProps } from 'ag-grid-react';
import { useGridFilter } from 'ag-grid-react';
import { Checkbox } from 'antd';
import { useCallback } from 'react';
import { statusLabel } from './invoice-status-tag';

/** A checkbox list of statuses; sends AG Grid's set model {filterType:'set', values}. */
export function StatusSetFilter({ model, onModelChange }: CustomFilterProps) {
  const doesFilterPass = useCallback(() => true, []);
  useGridFilter({ doesFilterPass });
  const values: string[] = model?.values ?? [];
  return (
    <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 6 }} data-testid="status-filter">
      {INVOICE_STATUSES.map((s) => (
        <Checkbox
          key={s}
          checked={values.includes(s)}
          onChange={(e) => {
            const next = e.target.checked ? [...values, s] : values.filter((v) => v !== s);
            onModelChange(next.length ? { filterType: 'set', values: next } : null);
          }}
        >
          {statusLabel(s)}
        </Checkbox>
      ))}
    </div>
  );
}
