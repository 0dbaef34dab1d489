import { displayNumber } from '@dbo/domain/invoice';
import type { ColDef } from 'ag-grid-community';
import { Link } from 'react-router';

/** Rows taller than their text: centre the cell content vertically. */
export const centred = { cellStyle: { display: 'flex', alignItems: 'center' } };
export const centredRight = { cellStyle: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end' } };

/**
 * A grid of tall rows (invoices, orders): every column's content centred vertically, and the
 * money columns (cellClass 'money-cell') flush right in their cells.
 */
export function centredCells<T>(columns: ColDef<T>[]): ColDef<T>[] {
  return columns.map((c) => ({
    ...c,
    cellStyle: {
      display: 'flex',
      alignItems: 'center',
      ...(c.cellClass === 'money-cell' ? { justifyContent: 'flex-end' } : {}),
    },
  }));
}

/** A text column filtered by contains / equals / starts with. */
export const textFilter = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains', 'equals', 'startsWith'], maxNumConditions: 1 },
};

/** A number column filtered by equals / greater / less / in range. */
export const numberFilter = {
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: ['equals', 'greaterThan', 'lessThan', 'inRange'], maxNumConditions: 1 },
};

/** A bold '#number' linking to its page; the click does not also reach the grid row. */
export function NumberLink({ to, label }: { to: string; label: string | number }) {
  return (
    <Link to={to} onClick={(e) => e.stopPropagation()}>
      <strong>#{label}</strong>
    </Link>
  );
}

/** One condition and a Reset button: the customers, products and stamp log grids. */
const resettable = { buttons: ['reset'], maxNumConditions: 1 };
export const textResetFilter = { filter: 'agTextColumnFilter', filterParams: resettable };
export const numberResetFilter = { filter: 'agNumberColumnFilter', filterParams: resettable };
export const dateResetFilter = { filter: 'agDateColumnFilter', filterParams: resettable };

interface InvoiceRef {
  number: number;
  beer: boolean;
  customer_id?: number | null;
}

/** A grid row about one invoice of a customer (an email sent, a payment received). */
export interface InvoiceRowBase extends InvoiceRef {
  id: number;
  invoice_id: number;
  customer_id: number;
  customer: string;
}

/** The invoice number (B suffix, customer numbering) linking to /invoice/{number}. */
export function invoiceLinkColumn<T extends InvoiceRef>(customerNumbering: boolean): ColDef<T> {
  return {
    colId: 'number',
    field: 'number' as ColDef<T>['field'],
    headerName: 'Invoice',
    ...centred,
    ...numberFilter,
    cellRenderer: (p: { data?: T }) => {
      if (!p.data) return null;
      const label = displayNumber(p.data, customerNumbering);
      return (
        <Link to={`/invoice/${label}`}>
          <strong>#{label}</strong>
        </Link>
      );
    },
  };
}
