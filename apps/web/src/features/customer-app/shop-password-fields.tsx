import { type InputHTMLAttributes, useState } from 'react';

interface FieldProps {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
  onFocus?: () => void;
}

/** The eye of the show/hide button (the server's shell of the sign-in page draws the same). */
const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.9 8.3 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

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
          <svg
            className="shop-icon"
            width={20}
            height={20}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d={shown ? EYE_OFF : EYE} />
          </svg>
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
