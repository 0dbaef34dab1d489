import { type InputHTMLAttributes, useState } from 'react';
import { Icon } from './shop-ui';

interface FieldProps {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
  onFocus?: () => void;
}

/**
 * A password with its show/hide button (spec 1: "password with show/hide"): a toggle button named
 * "Show password", pressed while the password shows; its error under it as TextField's.
 */
export function PasswordField({
  label,
  id,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; id: string; error?: string }) {
  const [shown, setShown] = useState(false);
  const errId = `${id}-error`;
  return (
    <div className={error ? 'shop-field shop-field-error' : 'shop-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="shop-password">
        <input
          id={id}
          className="shop-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          {...input}
          type={shown ? 'text' : 'password'}
        />
        <button
          type="button"
          className="shop-password-toggle"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
          <span className="sr-only">Show {label.toLowerCase()}</span>
        </button>
      </div>
      {error && (
        <div id={errId} className="shop-field-msg" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A new password and its confirmation (the shop's antd-free NewPasswordFields). */
export function ShopNewPasswordFields({
  password,
  confirm,
  label = 'Password',
}: {
  password: FieldProps;
  confirm: FieldProps;
  label?: string;
}) {
  return (
    <>
      <PasswordField label={label} {...password} autoComplete="new-password" />
      <PasswordField label="Confirm Password" {...confirm} autoComplete="new-password" />
    </>
  );
}
