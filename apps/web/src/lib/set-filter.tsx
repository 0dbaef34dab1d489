import type { CustomFilterProps } from 'ag-grid-react';
import { useGridFilter } from 'ag-grid-react';
import { Checkbox } from 'antd';
import { useCallback } from 'react';

/**
 * An AG Grid filter: a checkbox per value (labelled by `label`); sends the set model
 * {filterType:'set', values}, which the server filters on.
 */
export function checkboxSetFilter<V extends string>(options: readonly V[], label: (v: V) => string, testId: string) {
  return function CheckboxSetFilter({ model, onModelChange }: CustomFilterProps) {
    const doesFilterPass = useCallback(() => true, []);
    useGridFilter({ doesFilterPass });
    const values: string[] = model?.values ?? [];
    return (
      <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 6 }} data-testid={testId}>
        {options.map((s) => (
          <Checkbox
            key={s}
            checked={values.includes(s)}
            onChange={(e) => {
              const next = e.target.checked ? [...values, s] : values.filter((v) => v !== s);
              onModelChange(next.length ? { filterType: 'set', values: next } : null);
            }}
          >
            {label(s)}
          </Checkbox>
        ))}
      </div>
    );
  };
}
