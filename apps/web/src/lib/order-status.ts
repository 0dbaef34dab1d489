import { ORDER_STATUS_LABELS, type OrderStatus } from '@dbo/domain/constants';

/** Solid dark tags: white text on them passes WCAG AA (the light preset tags do not). */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  draft: '#595959',
  cancelled: '#a8071a',
  placed: '#874d00',
  rejected: '#871400',
  invoiced: '#237804',
  delivered: '#006d75',
  partially_invoiced: '#0958d9',
};

export const orderStatusLabel = (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s;
