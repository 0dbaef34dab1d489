/**
 * The stamps module's endpoints: the rolls, their reconciliation, TABC's stamp record and monthly
 * report, what remains, the destroy tool and its undo.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { reportOut } from '../invoice.js';
import { dbId, idParams, optionalQueryId } from '../primitives.js';
import {
  rollReconciliationListOut,
  stampMonthlyOut,
  stampMonthlyQuery,
  stampRecordOut,
  stampRecordQuery,
} from '../stamp-record.js';
import {
  destroyedEntryOut,
  STAMP_MSG,
  stampDestroyBodySchema,
  stampDestroyResultOut,
  stampRemainingOut,
  stampRollCreatedOut,
  stampRollOut,
  stampRollSchema,
  stampRollUpdateSchema,
  undoDestroyOut,
} from '../stamps.js';

const rollIdParams = z.object({ rollId: dbId('Stamp roll') });

/** {roll: {prefix, received_at, from, to, active?}} or the roll's fields themselves */
const rollBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'roll' in v && v.roll && typeof v.roll === 'object' ? v.roll : (v ?? {})),
  stampRollSchema(),
);

export const stampRolls = endpoint({
  method: 'GET',
  path: '/stamp/roll',
  response: z.array(stampRollOut),
});

/** -> the roll's fields, `roll` and `warnings` */
export const createStampRoll = endpoint({
  method: 'POST',
  path: '/stamp/roll',
  body: rollBody,
  response: stampRollCreatedOut,
});

/** Per roll: received, affixed, destroyed by reason, on hand, and whether they add up. */
export const rollReconciliation = endpoint({
  method: 'GET',
  path: '/stamp/roll/reconciliation',
  response: rollReconciliationListOut,
});

/** TABC's stamp transaction record: JSON, or with format csv / pdf the file. */
export const stampRecord = endpoint({
  method: 'GET',
  path: '/stamp/record',
  query: stampRecordQuery,
  response: reportOut(stampRecordOut),
});

/** Stamps affixed in a month per roll, with serial ranges: JSON, CSV or PDF. */
export const stampMonthly = endpoint({
  method: 'GET',
  path: '/stamp/monthly',
  query: stampMonthlyQuery,
  response: reportOut(stampMonthlyOut),
});

export const updateStampRoll = endpoint({
  method: 'PUT',
  path: '/stamp/roll/:id',
  params: idParams,
  body: stampRollUpdateSchema,
  response: stampRollOut,
});

export const stampRemaining = endpoint({
  method: 'GET',
  path: '/stamp/remaining',
  response: stampRemainingOut,
});

/** The destroy tool: {roll_id, from, to, note} -> {entries: [{status, total, invoice_numbers}]} */
export const destroyStamps = endpoint({
  method: 'PUT',
  path: '/stamp/roll/:rollId/assign',
  params: rollIdParams,
  body: stampDestroyBodySchema,
  response: stampDestroyResultOut,
});

/** Destroyed entries still in force (optionally of one roll), newest first: an array. */
export const destroyedStamps = endpoint({
  method: 'GET',
  path: '/stamp/destroyed',
  query: z.object({ roll_id: optionalQueryId('roll_id') }),
  response: z.array(destroyedEntryOut),
});

export const undoDestroy = endpoint({
  method: 'DELETE',
  path: '/stamp/undo-destroy',
  // a comma list of log entry ids
  query: z.object({
    ids: z.string({ error: STAMP_MSG.undoFailed }).max(20_000, STAMP_MSG.undoFailed).optional(),
  }),
  response: undoDestroyOut,
});
