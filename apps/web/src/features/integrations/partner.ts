import { POS_LABEL, POS_PATH, type PosPartner } from '@dbo/domain/pos-sync';
import { useLocation } from 'react-router';

/** The partner whose page this is, read from the path (/bottle-pos/... or /clover/...). */
export function usePartner(): { partner: PosPartner; label: string; base: string } {
  const { pathname } = useLocation();
  const partner: PosPartner = pathname.startsWith('/clover') ? 'clover' : 'bottle_pos';
  return { partner, label: POS_LABEL[partner], base: `/${POS_PATH[partner]}` };
}
