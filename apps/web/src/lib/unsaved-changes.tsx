import { App, Button, Modal } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

export const LEAVE_MSG = {
  title: 'Leave this page?',
  body: 'Your changes are not saved.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

interface Entry {
  dirty: boolean;
  /** a successful save lets the navigation that follows it through */
  released: boolean;
}

interface Registry {
  add: (entry: Entry) => () => void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

/** A navigation that leaves the page (another path or query); a hash alone stays. */
const leaves: BlockerFunction = ({ currentLocation: a, nextLocation: b }) =>
  a.pathname !== b.pathname || a.search !== b.search;

/**
 * The one router blocker of the signed-in app (React Router allows one at a time): every form on
 * the page registers its dirty flag with useUnsavedChangesPrompt, and a navigation away (a link,
 * Back, navigate()) while any is dirty asks first.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const entries = useRef(new Set<Entry>());
  const registry = useMemo<Registry>(
    () => ({
      add: (entry) => {
        entries.current.add(entry);
        return () => void entries.current.delete(entry);
      },
    }),
    [],
  );
  // read at navigation time, so a save that releases its form and navigates in one go is not asked
  const shouldBlock = useCallback<BlockerFunction>(
    (args) => [...entries.current].some((e) => e.dirty && !e.released) && leaves(args),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      <LeaveDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => {
          // the forms are left as they are: the page that owns them unmounts with the navigation
          for (const e of entries.current) e.released = true;
          blocker.proceed?.();
        }}
      />
    </UnsavedChangesContext.Provider>
  );
}

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal
      open={open}
      title={LEAVE_MSG.title}
      onCancel={onStay}
      destroyOnHidden
      data-testid="leave-dialog"
      footer={[
        <Button key="stay" type="primary" autoFocus onClick={onStay}>
          {LEAVE_MSG.stay}
        </Button>,
        <Button key="leave" danger onClick={onLeave}>
          {LEAVE_MSG.leave}
        </Button>,
      ]}
    >
      {LEAVE_MSG.body}
    </Modal>
  );
}

/**
 * Asks before the page is left while `dirty`: by a link, Back or navigate() (through the
 * UnsavedChangesGuard of the layout) and by a reload or closing the tab (`beforeunload`, the
 * browser's own question). Call `allowLeave()` after a successful save that navigates away, in
 * the same handler as navigate(): the save's navigation then goes through unasked.
 */
export function useUnsavedChangesPrompt(dirty: boolean): { allowLeave: () => void } {
  const registry = useContext(UnsavedChangesContext);
  const entry = useRef<Entry>({ dirty, released: false }).current;
  if (entry.dirty !== dirty) {
    // a change of heart (saved, then edited again) asks again
    entry.released = false;
    entry.dirty = dirty;
  }
  useEffect(() => registry?.add(entry), [registry, entry]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (entry.released) return;
      e.preventDefault();
      // older browsers ask only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, entry]);
  const allowLeave = useCallback(() => {
    entry.released = true;
  }, [entry]);
  return { allowLeave };
}

/**
 * A form's unsaved state for useUnsavedChangesPrompt: `changed` on every edit by the user (antd's
 * onValuesChange, which setFieldsValue does not fire), `saved` after a successful save (it also
 * lets a navigation that follows the save through; also the way to start over, e.g. as a dialog opens).
 */
export function useFormUnsaved(
  /** false while the form is not on screen (a closed dialog): it has nothing to lose then */
  shown = true,
) {
  const [dirty, setDirty] = useState(false);
  const { allowLeave } = useUnsavedChangesPrompt(dirty && shown);
  const changed = useCallback(() => setDirty(true), []);
  const saved = useCallback(() => {
    allowLeave();
    setDirty(false);
  }, [allowLeave]);
  // the user chose to drop the changes (a link that leaves the form on purpose): the same release
  return { dirty, changed, saved, discard: saved };
}

export const DISCARD_MSG = {
  title: 'Discard your changes?',
  body: 'What you typed in this dialog is not saved.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/**
 * A dialog's close (Escape, the X, Cancel) that asks first while its form holds unsaved input
 * (issue 36: Escape closed the New Product dialog and lost what was typed).
 */
export function useCloseAsking(dirty: boolean, close: () => void): () => void {
  const { modal } = App.useApp();
  const asking = useRef(false);
  return useCallback(() => {
    if (!dirty) return close();
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: DISCARD_MSG.title,
      content: DISCARD_MSG.body,
      okText: DISCARD_MSG.discard,
      okButtonProps: { danger: true },
      cancelText: DISCARD_MSG.keep,
      onOk: close,
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [dirty, close, modal]);
}
