import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A router link that looks like a button: one `<a>` (one tab stop, role link), where a Button
 * wrapped in a Link would nest a button inside a link. Clicks navigate in the app; Ctrl/Cmd-click
 * and middle-click open a new tab like any link.
 */
export function ButtonLink({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
