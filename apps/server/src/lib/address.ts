import type { z } from 'zod';
import type { addressCardOut } from '@dbo/domain/primitives';

/** Who a document is from or for: a company's or customer's name, address and TABC id. */
export type AddressCard = z.infer<typeof addressCardOut>;

/** The address card of a company or customer row (its other columns left out). */
export const addressCard = (r: AddressCard): AddressCard => ({
  id: r.id,
  name: r.name,
  address: r.address,
  city: r.city,
  state: r.state,
  zip: r.zip,
  tabc_id: r.tabc_id,
});
