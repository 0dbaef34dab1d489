import { ORDER_STATUSES } from '@dbo/domain/constants';
import { checkboxSetFilter } from '../../lib/set-filter';
import { orderStatusLabel } from '../../lib/order-status-tag';

/** A checkbox list of order statuses (drafts are not listed); sends AG Grid's set model {filterType:'set', values}. */
export const OrderStatusFilter = checkboxSetFilter(
  ORDER_STATUSES.filter((s) => s !== 'draft'),
  orderStatusLabel,
  'order-status-filter',
);
