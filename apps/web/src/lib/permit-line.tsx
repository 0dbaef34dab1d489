import { permitLine } from '@dbo/domain/tabc-permit';

/** A party's TABC permit line on every printed sheet, as on the PDFs; a party without one reads '-'. */
export function PermitLine({ permit, className }: { permit: string | null | undefined; className?: string }) {
  return <div className={className}>{permitLine(permit)}</div>;
}
