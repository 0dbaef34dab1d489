import { InputNumber, type InputNumberProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { QTY_MAX } from './shop-cart-model';

/**
 * The quantity box of a catalog or cart line (its label read by screen readers only) and the
 * line's button beside it. `inputKey` remounts the box alone (a cart line after its quantity saved).
 */
export function QtyField({
  id,
  name,
  inputKey,
  children,
  ...input
}: InputNumberProps<number> & { id: string; name: string; inputKey?: Key; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'center', flex: 'none' }}>
      <label htmlFor={id} className="sr-only">
        Quantity of {name}
      </label>
      <InputNumber<number>
        key={inputKey}
        id={id}
        min={1}
        max={QTY_MAX}
        precision={0}
        inputMode="numeric"
        size="large"
        {...input}
      />
      {children}
    </div>
  );
}
