/**
 * The stamp log's endpoints: every range logged, destroyed or released, with the invoice it went
 * on, as a grid and as a CSV file.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { gridAnswer, gridQuery } from '../grid.js';
import { csvOut } from '../invoice.js';
import { blankToUndefined, boundedInt, LIMITS, optionalQueryId, queryBool } from '../primitives.js';
import { stampLogRowOut } from '../stamps.js';

/** A stamp number in a query string ('' is absent): within int4. */
const queryStampNumber = (label: string) =>
  z.preprocess(blankToUndefined, boundedInt(label, 0, LIMITS.maxId).optional());

/** The stamp log's grid parameters and its own filters (see stamp-log.service.ts). */
export const stampLogQuery = gridQuery({
  include_released: queryBool,
  number_from: queryStampNumber('number_from'),
  number_to: queryStampNumber('number_to'),
  roll_id: optionalQueryId('roll_id'),
});

export const stampLogGrid = endpoint({
  method: 'GET',
  path: '/invoice/stamp/grid',
  query: stampLogQuery,
  response: gridAnswer(stampLogRowOut),
});

/** the log's rows, filtered as the grid, as a CSV file */
export const stampLogDownload = endpoint({
  method: 'GET',
  path: '/stamp/download',
  query: stampLogQuery,
  response: csvOut,
});
