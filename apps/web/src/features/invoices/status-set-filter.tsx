import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { checkboxSetFilter } from '../../lib/set-filter';
import { statusLabel } from './invoice-status-tag';

/** A checkbox list of statuses; sends AG Grid's set model {filterType:'set', values}. */
export const StatusSetFilter = checkboxSetFilter(INVOICE_STATUSES, statusLabel, 'status-filter');
