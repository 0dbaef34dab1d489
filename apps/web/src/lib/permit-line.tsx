/** A party's TABC permit line on every printed sheet; a party without one reads '-', not a bare label. */
export function PermitLine({ permit, className }: { permit: string | null | undefined; className?: string }) {
  return <div className={className}>TABC Permit: {permit || '-'}</div>;
}
