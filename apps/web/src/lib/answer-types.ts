import type { stampRollOut } from '@dbo/domain/stamps';
import type { z } from 'zod';

/** Answers read by more than one feature: the `z.infer` of the server's response schemas. */

/** A stamp roll as GET /stamp/roll answers it. */
export type StampRoll = z.infer<typeof stampRollOut>;
