import type { StampSequence } from '@dbo/domain/stamps';

/**
 * Answers read by more than one feature, declared once until the server's response schemas in
 * packages/domain replace them with `z.infer` types.
 */

/** A stamp roll as GET /stamp/roll answers it. */
export interface StampRoll {
  id: number;
  prefix: string;
  from: number;
  to: number;
  received_at: string;
  finished_at: string | null;
  active: boolean;
  finished: boolean;
  stampsCount: number;
  totalCount: number;
  invoicedCount: number;
  destroyedCount: number;
  firstAvailable: number | null;
  lastAvailable: number | null;
  usable: boolean;
  sequences: StampSequence[];
}
