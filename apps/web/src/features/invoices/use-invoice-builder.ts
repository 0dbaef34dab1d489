import { todayInTexas } from '@dbo/domain/dates';
import { stampNeed } from '@dbo/domain/stamps';
import { App, Modal } from 'antd';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import type { StampRoll } from '../../lib/answer-types';
import { ApiError, errorMessage, errorMessages, http } from '../../lib/api';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import {
  displayNumber,
  fetchLastInvoice,
  type Invoice,
  type InvoiceDraft,
  useCustomers,
  useNewInvoiceNumber,
  useSaveInvoice,
  useStampRolls,
} from './api';
import { type BuilderItem, itemsFromInvoice, type ProductSuggestion, toPayload } from './builder-model';
import {
  type BuilderDefaults,
  type BuilderState,
  builderReducer,
  deriveInvoice,
  initialState,
  saveProblems,
  stampProblem,
  usableSequences,
  zeroPriceItems,
} from './builder-state';
import type { ProductSearchHandle } from './product-search';
import { useStaleInvoice } from './use-stale-invoice';

/** The 409 answer of a save that looks like a duplicate of a recent invoice. */
const NO_ROLLS: StampRoll[] = [];

/**
 * A callback that stays the same function across renders and calls the latest `fn`: the builder's
 * memoised panels get it as a prop and skip a quantity keystroke's re-render (issue 19).
 */
function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

export interface DuplicateWarning {
  message: string;
  invoice?: { number: number; beer?: boolean; display_number?: string; invoiced_at: string; total?: string | number };
}

/**
 * The builder's state, server data, effects and actions; the view components only render what
 * this answers. `invoice` is the saved invoice being edited; `source` a clone or online order.
 */
export function useInvoiceBuilder({ invoice, source }: { invoice?: Invoice; source?: InvoiceDraft }) {
  const { user, feature } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const company = user?.company;
  const today = todayInTexas();

  const initial = useCallback(
    (): BuilderState => initialState({ invoice, source, company: (company ?? {}) as BuilderDefaults, today }),
    [invoice, source, company, today],
  );
  const [s, dispatch] = useReducer(builderReducer, undefined, initial);
  const set = useCallback((patch: Partial<BuilderState>) => dispatch({ type: 'set', patch }), []);
  const [errors, setErrors] = useState<string[]>([]);
  const [duplicate, setDuplicate] = useState<DuplicateWarning | null>(null);
  const [zeroItems, setZeroItems] = useState<BuilderItem[] | null>(null);
  const [replicating, setReplicating] = useState(false);
  const searchRef = useRef<ProductSearchHandle>(null);
  const focusSearch = useCallback(() => setTimeout(() => searchRef.current?.focus(), 0), []);

  const rollsQuery = useStampRolls();
  const rolls = rollsQuery.data ?? NO_ROLLS;

  // ---- query parameters: ?customerId preselects, ?productId adds a product ---------------------
  const customers = useCustomers();
  const paramCustomer = search.get('customerId');
  useEffect(() => {
    if (!paramCustomer || invoice || s.customer || !customers.data) return;
    const c = customers.data.find((x) => String(x.id) === paramCustomer);
    if (c) dispatch({ type: 'set', patch: { customer: c }, quiet: true });
  }, [paramCustomer, customers.data, invoice, s.customer]);

  const paramProduct = search.get('productId');
  const productAdded = useRef(false);
  useEffect(() => {
    if (!paramProduct || productAdded.current) return;
    productAdded.current = true;
    http
      .get<ProductSuggestion | { product: ProductSuggestion }>(`/product/${paramProduct}`, {
        customerId: paramCustomer ?? undefined,
      })
      .then((res) => {
        const p = typeof res.product === 'object' ? res.product : (res as ProductSuggestion);
        dispatch({ type: 'addProduct', product: p, scanned: false, quiet: true });
      })
      .catch((err) => message.error(errorMessage(err)));
  }, [paramProduct, paramCustomer, message]);

  // ---- stamps: auto-assignment from the usable rolls ------------------------------------------
  // the reducer keeps the stamps on the items' need once it has the rolls' sequences
  const need = stampNeed(s.items);
  const sequences = useMemo(() => usableSequences(rolls), [rolls]);
  useEffect(() => {
    if (rollsQuery.isSuccess) dispatch({ type: 'rollsLoaded', sequences });
  }, [sequences, rollsQuery.isSuccess]);

  // ---- derived ---------------------------------------------------------------------------------
  // a saved invoice keeps the tax rate it was created with
  const taxRate = Number(invoice?.tax_rate ?? company?.tax_rate ?? 8.25);
  const { mismatch, beer, totals } = deriveInvoice(s, taxRate);
  const newNumber = useNewInvoiceNumber(s.customer?.id ?? null, beer, !invoice);
  const numberLabel = invoice
    ? displayNumber(invoice)
    : newNumber.data
      ? displayNumber({ number: newNumber.data.number, beer, display_number: newNumber.data.display_number })
      : '';

  // ---- actions ---------------------------------------------------------------------------------
  const addProduct = useCallback((product: ProductSuggestion, scanned: boolean) => {
    dispatch({ type: 'addProduct', product, scanned });
    setErrors([]);
    setTimeout(() => searchRef.current?.focus(), 0);
  }, []);

  const replicate = useStableCallback(async () => {
    if (!s.customer) return;
    setReplicating(true);
    try {
      const last = await fetchLastInvoice(s.customer.id);
      if (!last?.items?.length) throw new ApiError(404, 'No invoice found');
      set({ items: itemsFromInvoice(last, 'copy'), note: last.note ?? s.note });
      message.success(`Items of invoice #${displayNumber(last)} loaded`);
      focusSearch();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        Modal.warning({ title: 'No invoice found', content: 'Sorry you have no previous invoices for this customer' });
      else Modal.error({ title: 'Error Replicating Last Invoice', content: errorMessage(err) });
    } finally {
      setReplicating(false);
    }
  });

  // leaving with unsaved lines asks first; the save's own navigation goes through
  const { allowLeave } = useUnsavedChangesPrompt(s.touched);
  const save = useSaveInvoice({
    onSuccess: (inv) => {
      allowLeave();
      message.success(invoice ? `Invoice #${displayNumber(inv)} saved` : `Invoice #${displayNumber(inv)} created`);
      navigate(`/invoice/${encodeURIComponent(displayNumber(inv))}`);
    },
  });
  // another user saved this invoice since it was loaded: a banner, and Reload starts from theirs
  const reloadInvoice = useStableCallback(() => dispatch({ type: 'reset', state: initial() }));
  const stale = useStaleInvoice(invoice, save.isPending || save.isSuccess, reloadInvoice);

  const submit = useStableCallback((opts: { force?: boolean; skipZero?: boolean } = {}) => {
    const problems = saveProblems(s);
    setErrors(problems);
    if (problems.length || !s.customer) return;
    if (!opts.skipZero) {
      const zero = zeroPriceItems(s.items);
      if (zero.length) {
        setZeroItems(zero);
        return;
      }
    }
    save.mutate(
      {
        id: invoice?.id,
        payload: {
          ...toPayload({ ...s, customerId: s.customer.id }, opts.force),
          ...(source?.order_id ? { order_id: source.order_id } : {}),
          ...(invoice ? { version: stale.version } : {}),
        },
      },
      {
        onError: (err) => {
          if (stale.refusedBy(err)) return;
          if (err instanceof ApiError && err.status === 409)
            setDuplicate({
              message: err.body?.message ?? err.message,
              invoice: err.body?.invoice as DuplicateWarning['invoice'],
            });
          else setErrors(errorMessages(err));
        },
      },
    );
  });

  // Ctrl+Enter (or Ctrl+S) saves from anywhere in the builder
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key === 's')) {
        e.preventDefault();
        submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submit]);

  const reset = useStableCallback(() => {
    dispatch({ type: 'reset', state: initial() });
    stale.markLoaded();
    setErrors([]);
    if (!invoice && (search.get('customerId') || search.get('productId') || search.get('clone'))) {
      // the reset leaves nothing to lose: the address follows unasked
      allowLeave();
      setSearch({}, { replace: true });
    }
  });

  // the price input is focused once the dialog has closed (the modal hands focus back first)
  const focusPriceOf = useRef<string | null>(null);
  const zeroPrice = useMemo(
    () => ({
      items: zeroItems,
      close: () => setZeroItems(null),
      fix: () => {
        focusPriceOf.current = zeroItems?.[0]?.key ?? null;
        setZeroItems(null);
      },
      skip: () => {
        setZeroItems(null);
        submit({ skipZero: true });
      },
      afterClose: () => {
        const key = focusPriceOf.current;
        focusPriceOf.current = null;
        if (!key) return;
        const el = document.querySelector<HTMLInputElement>(
          `input[data-price-key="${key}"], [data-price-key="${key}"] input`,
        );
        el?.focus();
        el?.select();
      },
    }),
    [zeroItems, submit],
  );
  const duplicateDialog = useMemo(
    () => ({
      warning: duplicate,
      close: () => setDuplicate(null),
      force: () => {
        setDuplicate(null);
        submit({ force: true, skipZero: true });
      },
    }),
    [duplicate, submit],
  );

  return {
    invoice,
    state: s,
    set,
    dispatch,
    company,
    inventoryOn: feature('inventory'),
    rolls,
    rollsLoaded: rollsQuery.isSuccess,
    need,
    mismatch,
    /** why Create/Save is disabled: the chosen status needs exactly the stamps of the liquor lines */
    stampBlock: stampProblem(s),
    beer,
    taxRate,
    totals,
    numberLabel,
    errors,
    replicating,
    saving: save.isPending,
    searchRef,
    focusSearch,
    addProduct,
    replicate,
    submit,
    reset,
    zeroPrice,
    duplicateDialog,
    stale,
  };
}

export type InvoiceBuilder = ReturnType<typeof useInvoiceBuilder>;
