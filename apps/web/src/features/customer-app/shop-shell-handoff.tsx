import { useLayoutEffect } from 'react';

/**
 * The server paints a shop page's first screen before the code comes (#shop-shell, the server's
 * shop-shell.ts). Rendered beside a page's own content, this removes it in the same frame the
 * content appears in, so the screen never blinks blank or shows both.
 */
export function ShellHandoff() {
  useLayoutEffect(() => {
    document.getElementById('shop-shell')?.remove();
  }, []);
  return null;
}
