import type { InputHTMLAttributes, Key, ReactNode } from 'react';
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
  width = 64,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: string;
  inputKey?: Key;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div className="shop-qty">
      <label htmlFor={id} className="sr-only">
        Quantity of {name}
      </label>
      <input
        key={inputKey}
        id={id}
        type="number"
        min={1}
        max={QTY_MAX}
        step={1}
        inputMode="numeric"
        className="shop-input"
        style={{ width }}
        {...input}
      />
      {children}
    </div>
  );
}
