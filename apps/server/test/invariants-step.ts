/** One operation of a sequence: it acts through the API, then every invariant is checked. */
import type fc from 'fast-check';
import { checkInvariants } from './invariants-checks.js';
import type { Model, World } from './invariants-world.js';

export class Step implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly label: string,
    readonly needs: (m: Model) => boolean,
    readonly act: (m: Model, w: World) => Promise<void>,
  ) {}
  check(m: Readonly<Model>) {
    return this.needs(m as Model);
  }
  async run(m: Model, w: World) {
    w.step = this.label;
    await this.act(m, w);
    await checkInvariants(w, m);
  }
  toString() {
    return this.label;
  }
}

export const always = () => true;

/** Each arbitrary repeated `weight` times: fc.commands picks among its list evenly. */
export const weighted = <T>(list: { weight: number; arbitrary: T }[]): T[] =>
  list.flatMap((x) => Array.from({ length: x.weight }, () => x.arbitrary));
