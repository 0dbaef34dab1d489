import { createPosClient, type PosClientOptions } from '../pos-client.js';

/** The Bottle POS client: invoices pushed, products pulled (contract in ../pos-simulator.ts). */
export function bottlePosClient(o: Omit<PosClientOptions, 'partner'>) {
  return createPosClient({ ...o, partner: 'Bottle POS' });
}
