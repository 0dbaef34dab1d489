/**
 * The partners' local stand-ins. When a partner's URL is unset, the server start (main.ts) starts
 * its simulator on a loopback port, so every integration page works on a fresh install; with the
 * URL set the simulator is never started.
 */
import type { AppConfig } from '../config.js';
import { startSimulator as startBottlePos } from './bottle-pos/simulator.js';
import { startSimulator as startClover } from './clover/simulator.js';
import { startSimulator as startFintech } from './fintech/simulator.js';
import { startSimulator as startMpower } from './mpower/simulator.js';

export interface SimulatorEntry {
  name: string;
  envVar: string;
  configKey: 'bottlePosUrl' | 'cloverUrl' | 'fintechUrl' | 'mpowerUrl';
  start: (opts: { port?: number }) => Promise<{ url: string; close(): Promise<void> }>;
}

export const SIMULATORS: SimulatorEntry[] = [
  { name: 'Bottle POS', envVar: 'BOTTLE_POS_URL', configKey: 'bottlePosUrl', start: startBottlePos },
  { name: 'Clover', envVar: 'CLOVER_URL', configKey: 'cloverUrl', start: startClover },
  { name: 'Fintech', envVar: 'FINTECH_URL', configKey: 'fintechUrl', start: startFintech },
  { name: 'MPower', envVar: 'MPOWER_URL', configKey: 'mpowerUrl', start: startMpower },
];

/** Starts the simulators of partners without a URL, writes their URLs into the config, prints them. */
export async function startMissingSimulators(config: AppConfig, print: (line: string) => void = console.log) {
  const started: { close(): Promise<void> }[] = [];
  for (const s of SIMULATORS) {
    if (config[s.configKey]) continue;
    const sim = await s.start({});
    config[s.configKey] = sim.url;
    started.push(sim);
    print(`${s.name} simulator on ${sim.url} (${s.envVar} unset)`);
  }
  return { close: async () => void (await Promise.allSettled(started.map((s) => s.close()))) };
}
