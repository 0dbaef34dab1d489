import { permitLine } from '@dbo/domain/tabc-permit';

/** What a printed sheet shows under a party's name. */
export interface PartyAddress {
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string | null;
}

/**
 * A party's lines on every printed sheet, under its name: street, 'city, state zip', and its TABC
 * permit as on the PDFs ('TABC Permit: -' for a party without one).
 */
export function PartyLines({ party, className }: { party: PartyAddress; className?: string }) {
  return (
    <>
      <div className={className}>{party.address}</div>
      <div className={className}>
        {party.city}, {party.state} {party.zip}
      </div>
      <div className={className}>{permitLine(party.tabc_id)}</div>
    </>
  );
}
