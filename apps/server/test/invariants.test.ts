/**
 * The model-based invariants test (issue 30): random sequences of 15 to INVARIANTS_STEPS (25)
 * operations over the HTTP API, each on a fresh company, every invariant checked after every step
 * (invariants-checks.ts; the README lists them). A refused call (4xx) is part of the game; a 5xx
 * or a broken invariant fails with the sequence as a replayable list of calls, and the seed and
 * path that replay it:
 *
 *   INVARIANTS_SEED=<seed> INVARIANTS_PATH=<path> npx vitest run test/invariants.test.ts
 *
 * CI runs a fixed, seeded budget: 100 sequences on PGlite (about 2,000 steps, some 3 minutes of one
 * core), 30 on PostgreSQL; INVARIANTS_RUNS=<n> runs more, INVARIANTS_SEED another seed, INVARIANTS_SHRINK=0
 * reports a failure unshrunk, INVARIANTS_COLLECT=1 lists every kind of invariant that breaks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onPostgres, useTestApp } from './helpers.js';
import { collected } from './invariants-checks.js';
import { deliveryCommands } from './invariants-delivery.js';
import { invoiceCommands } from './invariants-invoices.js';
import { moneyCommands } from './invariants-money.js';
import type { Step } from './invariants-step.js';
import { type Model, makeWorld, replayList, startingModel, type World } from './invariants-world.js';

const RUNS = Number(process.env.INVARIANTS_RUNS ?? (onPostgres ? 30 : 100));
const SEED = Number(process.env.INVARIANTS_SEED ?? 30_2026);
const PATH = process.env.INVARIANTS_PATH || undefined;
const MIN_STEPS = 15;
const STEPS = Math.max(MIN_STEPS, Number(process.env.INVARIANTS_STEPS ?? 25));
/** INVARIANTS_SHRINK=0: report the first failing sequence as found, without shrinking it */
const SHRINK = process.env.INVARIANTS_SHRINK !== '0';

const t = useTestApp();

class SequenceFailure extends Error {}

describe('invariants over random sequences of API calls', () => {
  it(
    `hold after every step of ${RUNS} sequences of ${MIN_STEPS}-${STEPS} operations (seed ${SEED})`,
    async () => {
      const sequences = fc.array(fc.oneof(...invoiceCommands, ...moneyCommands, ...deliveryCommands), {
        minLength: MIN_STEPS,
        maxLength: STEPS,
      });
      let ran = 0;
      let steps = 0;
      let setupMs = 0;
      const property = fc.asyncProperty(sequences, async (cmds: Step[]) => {
        const t0 = performance.now();
        const w: World = await makeWorld(t.ctx);
        setupMs += performance.now() - t0;
        const done: string[] = [];
        ran++;
        try {
          const model = await startingModel(w);
          await fc.asyncModelRun(
            () => ({ model, real: w }),
            cmds.map((c) => ({
              check: (m: Readonly<Model>) => c.check(m),
              run: async (m: Model, r: World) => {
                await c.run(m, r);
                done.push(c.label);
                steps++;
              },
              toString: () => c.toString(),
            })),
          );
        } catch (e) {
          throw new SequenceFailure(
            `${(e as Error).message}\n` +
              `  at step ${done.length + 1}: ${w.step}\n` +
              `  steps before it:\n${done.map((s, i) => `  ${String(i + 1).padStart(3)}. ${s}`).join('\n')}\n` +
              `  the calls (company ${w.companyId}, as its owner unless marked):\n${replayList(w.calls)}`,
          );
        }
      });
      const started = Date.now();
      const out = await fc.check(property, { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: !SHRINK });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (out.failed) {
        const replay = `INVARIANTS_SEED=${out.seed} INVARIANTS_PATH=${out.counterexamplePath}`;
        throw new Error(
          `An invariant broke (replay: ${replay} npx vitest run test/invariants.test.ts)\n` +
            `${(out.errorInstance as Error | undefined)?.message ?? String(out.errorInstance)}`,
        );
      }
      if (process.env.INVARIANTS_COLLECT) console.log(`broken invariants:\n${[...collected.values()].join('\n')}`);
      console.log(
        `invariants: ${ran} sequences, ${steps} steps checked in ${seconds} s (seed ${SEED}; ${(setupMs / 1000).toFixed(1)} s of it making the companies)`,
      );
      expect(steps).toBeGreaterThan(0);
    },
    60 * 60 * 1000,
  );
});
