import { type Simulator, startPosSimulator } from '../pos-simulator.js';

/** The Bottle POS stand-in (contract in ../pos-simulator.ts). */
export function startSimulator(opts: { port?: number } = {}): Promise<Simulator> {
  return startPosSimulator({ ...opts, name: 'bpos' });
}
