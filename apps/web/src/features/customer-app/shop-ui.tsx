/**
 * The shop's own small components (issue 34: the shop loads no Ant Design, so a phone gets its
 * first screen from a third of the JavaScript): semantic HTML styled by shop.css.
 */
import {
  type ButtonHTMLAttributes,
  createContext,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

const cx = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ');

/** Inline icons (24x24, stroked): what the shop showed with @ant-design/icons. */
const ICONS = {
  products: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  cart: 'M3 4h2l2.4 11h11l2-8H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01',
  orders: 'M6 7h12l-1 13H7zM9 7a3 3 0 0 1 6 0',
  invoices: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l5 5',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  pdf: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h4',
  back: 'M19 12H5M11 6l-6 6 6 6',
  reload: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  // the show/hide button of a password (the server's shell of the sign-in page draws the same eye)
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.9 8.3 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
} as const;
export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="shop-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export interface ButtonLook {
  type?: 'primary' | 'default';
  danger?: boolean;
  size?: 'large' | 'middle';
  block?: boolean;
  icon?: ReactNode;
}

const buttonClass = ({ type, danger, size, block }: ButtonLook, loading?: boolean, extra?: string) =>
  cx(
    'shop-btn',
    type === 'primary' && 'shop-btn-primary',
    danger && 'shop-btn-danger',
    size === 'large' && 'shop-btn-lg',
    block && 'shop-btn-block',
    loading && 'shop-btn-loading',
    extra,
  );

export function Button({
  type,
  danger,
  size,
  block,
  icon,
  loading,
  htmlType = 'button',
  className,
  children,
  ...rest
}: ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & { loading?: boolean; htmlType?: 'button' | 'submit' }) {
  return (
    <button
      {...rest}
      // a busy button ignores clicks (a second order, a second sign-in) and says it is busy
      type={htmlType}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : rest.onClick}
      className={buttonClass({ type, danger, size, block }, loading, className)}
    >
      {loading ? <span className="shop-spinner-sm" aria-hidden="true" /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}

/**
 * A router link that looks like a button: one `<a>` (one tab stop, role link). Clicks navigate in
 * the app; Ctrl/Cmd-click and middle-click open a new tab like any link.
 */
export function ButtonLink({
  to,
  children,
  className,
  type,
  danger,
  size,
  block,
  icon,
}: ButtonLook & { to: string; children: ReactNode; className?: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a
      href={href}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => navigate(e)}
      className={buttonClass({ type, danger, size, block }, false, className)}
    >
      {icon}
      <span>{children}</span>
    </a>
  );
}

/** A labelled input with its error under it (announced, and tied to the input by aria-describedby). */
export function TextField({
  label,
  id,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; error?: string }) {
  const errId = `${id}-error`;
  return (
    <div className={cx('shop-field', error && 'shop-field-error')}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="shop-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        {...input}
      />
      {error && (
        <div id={errId} className="shop-field-msg" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function Card({
  title,
  children,
  className,
  ...rest
}: { title?: ReactNode; children: ReactNode; className?: string } & Record<`data-${string}`, string>) {
  return (
    <section className={cx('shop-tile', className)} {...rest}>
      {title && <h2 className="shop-card-title">{title}</h2>}
      {children}
    </section>
  );
}

/** A tag: `color` is a solid dark colour (white text, WCAG AA) or nothing (grey on light grey). */
export function Tag({
  color,
  children,
  ...rest
}: { color?: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <span
      className={cx('shop-tag', color && 'shop-tag-solid')}
      style={color ? { background: color } : undefined}
      {...rest}
    >
      {children}
    </span>
  );
}

/** A message in the page: an error is an alert (announced at once), the others a status. */
export function Alert({
  type,
  title,
  description,
}: {
  type: 'error' | 'warning' | 'info' | 'success';
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className={`shop-alert shop-alert-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <div className="shop-alert-title">{title}</div>
      {description && <div>{description}</div>}
    </div>
  );
}

/** Grey bars where a page's data will be (the e2e's a11y scan waits for .shop-skeleton to go). */
export function Skeleton() {
  return (
    <div className="shop-skeleton" role="status" aria-label="Loading">
      <div />
      <div />
      <div />
      <div />
    </div>
  );
}

export function Spinner() {
  return (
    <div className="shop-loading" role="status" aria-label="Loading">
      <span className="shop-spinner" aria-hidden="true" />
    </div>
  );
}

export function Empty({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <div className="shop-empty">
      <p>{description}</p>
      {children}
    </div>
  );
}

/** A whole-page outcome (order placed, shop not found): its heading, a line under it, actions. */
export function Result({
  status,
  title,
  subTitle,
  extra,
  testId,
}: {
  status: 'success' | 'info' | 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`shop-result shop-result-${status}`} data-testid={testId}>
      <h1>{title}</h1>
      {subTitle && <p className="shop-muted">{subTitle}</p>}
      {extra && <div className="shop-result-extra">{extra}</div>}
    </div>
  );
}

/** An on/off setting: a button with role switch, named by its label. */
export function Switch({
  id,
  checked,
  loading,
  onChange,
}: {
  id: string;
  checked: boolean;
  loading?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={loading || undefined}
      className={cx('shop-switch', checked && 'shop-switch-on')}
      onClick={() => !loading && onChange(!checked)}
    >
      <span aria-hidden="true" />
    </button>
  );
}

/** One choice of a few, as radio buttons that look like a segmented bar. */
export function Segmented<V extends string>({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  options: { label: string; value: V }[];
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <div className="shop-segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={cx(o.value === value && 'shop-segmented-on')}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

type ToastType = 'success' | 'error' | 'warning' | 'info';
interface Toast {
  id: number;
  type: ToastType;
  text: string;
}
export interface ToastApi {
  success(text: string, seconds?: number): void;
  error(text: string, seconds?: number): void;
  warning(text: string, seconds?: number): void;
  info(text: string, seconds?: number): void;
}
const ToastContext = createContext<ToastApi | null>(null);

/**
 * Short messages at the top of the screen (what antd's message did): successes and notes in a
 * polite live region, errors in an assertive one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((type: ToastType, text: string, seconds = 3) => {
    const id = next.current++;
    setToasts((t) => [...t, { id, type, text }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), seconds * 1000);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (t, s) => show('success', t, s),
      error: (t, s) => show('error', t, s),
      warning: (t, s) => show('warning', t, s),
      info: (t, s) => show('info', t, s),
    }),
    [show],
  );
  const list = (errors: boolean) =>
    toasts
      .filter((t) => (t.type === 'error') === errors)
      .map((t) => (
        <div key={t.id} className={`shop-toast shop-toast-${t.type}`}>
          {t.text}
        </div>
      ));
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="shop-toasts">
        <div role="status">{list(false)}</div>
        <div role="alert">{list(true)}</div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}
