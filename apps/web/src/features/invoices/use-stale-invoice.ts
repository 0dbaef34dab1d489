import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { Invoice } from './api';

/**
 * The builder of a saved invoice keeps the version it loaded. When someone else saves the invoice
 * meanwhile (the live event refetches it), or the server refuses a save as stale (409), it shows
 * "Changed by {name} — reload?" instead of overwriting their change; Reload loads the invoice as it
 * is now into the builder (`onReload`).
 *
 * `invoice` is the invoice as the query answers it now; `saving` is true while this builder's own
 * save is on its way (its own new version must not look like someone else's).
 */
export function useStaleInvoice(invoice: Invoice | undefined, saving: boolean, onReload: () => void) {
  const qc = useQueryClient();
  const [loaded, setLoaded] = useState(invoice?.version);
  const [refused, setRefused] = useState<{ version: number; name?: string; message: string } | null>(null);
  const [reloading, setReloading] = useState(false);
  const current = invoice?.version ?? 0;
  const latest = Math.max(current, refused?.version ?? 0);
  const newer = !!invoice && loaded !== undefined && latest > loaded && !saving;
  const by = (current >= latest ? invoice?.updated_by?.name : refused?.name) ?? refused?.name ?? 'another user';

  // Reload: once the query holds the newest version, the builder starts again from it
  useEffect(() => {
    if (!reloading || !invoice || current < latest) return;
    onReload();
    setLoaded(invoice.version);
    setRefused(null);
    setReloading(false);
  }, [reloading, invoice, current, latest, onReload]);

  return {
    /** the version the builder's content is based on (sent with the save) */
    version: loaded,
    /** the name of who changed the invoice since it was loaded, or null */
    changedBy: newer ? by : null,
    /** the server's refusal, when a save was refused */
    message: newer ? (refused?.message ?? null) : null,
    reloading,
    reload: () => {
      setReloading(true);
      void qc.invalidateQueries({ queryKey: queryKeys.invoices.all });
    },
    /** the builder was reset to the invoice as it is now */
    markLoaded: () => {
      setLoaded(invoice?.version);
      setRefused(null);
    },
    /** true (and the banner shown) when a save failed because the invoice changed since it was loaded */
    refusedBy: (err: unknown): boolean => {
      if (!(err instanceof ApiError) || err.status !== 409) return false;
      const body = err.body as { version?: unknown; updated_by?: { name?: string } | null } | undefined;
      if (typeof body?.version !== 'number') return false;
      setRefused({ version: body.version, name: body.updated_by?.name, message: err.message });
      void qc.invalidateQueries({ queryKey: queryKeys.invoices.all });
      return true;
    },
  };
}
