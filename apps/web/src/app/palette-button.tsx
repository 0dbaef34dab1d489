import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';

/*
 * What the layout shows of the command palette before it is first opened: its button and its
 * hotkey. The palette itself (cmdk, its dialog, its searches) is app/command-palette.tsx, loaded
 * when the browser is idle or on the first open (issue 37: every signed-in screen loaded it).
 */

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Cmd+K (Ctrl+K elsewhere) opens the palette; the navigation button does too. */
export function usePaletteHotkey(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (isMac() ? e.metaKey : e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

export function PaletteButton({ onOpen, collapsed }: { onOpen: () => void; collapsed: boolean }) {
  const keys = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <Button
      block
      icon={<SearchOutlined aria-hidden />}
      onClick={onOpen}
      // collapsed, the button shows only its icon; otherwise its text is its name (axe label-content-name-mismatch)
      aria-label={collapsed ? `Search (${keys})` : undefined}
      aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
      style={{ margin: '8px 0' }}
    >
      {collapsed ? '' : `Search ${keys}`}
    </Button>
  );
}
