import { createPosClient, type PosClientOptions } from '../pos-client.js';

/** The Clover client: stock pushed on invoice save, products pulled (contract in ../pos-simulator.ts). */
export function cloverClient(o: Omit<PosClientOptions, 'partner'>) {
  return createPosClient({ ...o, partner: 'Clover' });
}
