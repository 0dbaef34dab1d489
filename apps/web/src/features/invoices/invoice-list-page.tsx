import { DownloadOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import type { ColDef } from 'ag-grid-community';
import { App, Button, Dropdown } from 'antd';
import { useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { downloadBlob, errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { type GridRow, ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { centredCells, NumberLink, numberFilter, textFilter } from '../../lib/grid-columns';
import { displayNumber, invoiceGrid } from './api';
import { downloadFintechExport } from './fintech-api';
import { exportInvoices } from './api';
import { FintechUploadButton } from './fintech-upload-dialog';
import { InvoiceStatusTag } from './invoice-status-tag';
import { StatusSetFilter } from './status-set-filter';
import { ButtonLink } from '../../lib/button-link';

type InvoiceRow = GridRow<typeof invoiceGrid>;

const dateFilter = { filter: 'agDateColumnFilter', filterParams: { maxValidDate: new Date() } };
/** The invoice's money columns. */
type MoneyField = 'sub_total' | 'tax_total' | 'total';
const moneyCol = (field: MoneyField, headerName: string): ColDef<InvoiceRow> => ({
  field,
  headerName,
  filter: 'agNumberColumnFilter',
  // amounts align right in their cells; the header keeps the layout of every other column
  // (AG Grid's 'rightAligned' type moves the filter icon left of the label, so Tax's and
  // Sub Total's filters looked swapped)
  cellClass: 'money-cell',
  minWidth: 110,

  valueFormatter: (p) => (p.value === undefined ? '' : formatMoney(p.value)),
});

export default function InvoiceListPage() {
  const { feature, can } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const grid = useRef<ServerGridHandle>(null);
  const customerId = search.get('customerId') ?? undefined;

  const columnDefs = useMemo<ColDef<InvoiceRow>[]>(
    () =>
      centredCells([
        {
          field: 'number',
          headerName: 'Number',
          ...numberFilter,

          cellRenderer: (p: { data?: InvoiceRow }) =>
            p.data ? <NumberLink to={`/invoice/${displayNumber(p.data)}`} label={displayNumber(p.data)} /> : null,
        },
        {
          colId: 'customer_name',
          field: 'customer_name',
          headerName: 'Customer',
          ...textFilter,
          // sized to the names; a fixed 220 px floor pushed Total out of view at 1400 px
          minWidth: 160,
          flex: 2,
          cellRenderer: (p: { data?: InvoiceRow }) => {
            if (!p.data) return null;
            const name = p.data.customer_name ?? p.data.customer?.name ?? '';
            return (
              <span>
                {name}
                {p.data.customer?.deleted && (
                  <span style={{ color: '#cf1322', marginLeft: 6 }}>(Deleted customer!)</span>
                )}
              </span>
            );
          },
        },
        {
          field: 'status',
          headerName: 'Status',

          filter: StatusSetFilter,
          cellRenderer: (p: { value?: string }) => (p.value ? <InvoiceStatusTag status={p.value} /> : null),
        },
        {
          field: 'invoiced_at',
          headerName: 'Invoice Date',
          minWidth: 150,

          sort: 'desc',
          ...dateFilter,
          valueFormatter: (p) => formatDate(p.value),
        },
        {
          field: 'due_at',
          headerName: 'Due Date',
          minWidth: 160,

          filter: 'agDateColumnFilter',
          valueFormatter: (p) => (isDueOnDelivery(p.value) ? 'Due on delivery' : formatDate(p.value)),
        },
        moneyCol('sub_total', 'Sub Total'),
        moneyCol('tax_total', 'Tax'),
        moneyCol('total', 'Total'),
      ] as ColDef<InvoiceRow>[]),
    [],
  );

  const exportCsv = async (type: 'summary' | 'detailed' | 'fintech') => {
    try {
      const models = grid.current?.models() ?? { filterModel: {}, sortModel: [] };
      if (type === 'fintech') return await downloadFintechExport({ ...models, customerId });
      const res = await exportInvoices({ type, ...models, customerId });
      downloadBlob(await res.blob(), `invoices_${type}_${todayInTexas()}.csv`);
    } catch (err) {
      message.error(errorMessage(err, 'Error exporting'));
    }
  };

  return (
    <Page
      title="Invoices"
      actions={
        <>
          {feature('email') && (
            <ButtonLink to="/emails" icon={<MailOutlined />}>
              Email Log
            </ButtonLink>
          )}
          <Dropdown
            menu={{
              items: [
                { key: 'summary', label: 'Summary CSV' },
                { key: 'detailed', label: 'Detailed CSV (one line per item)' },
                ...(feature('fintech') ? [{ key: 'fintech', label: 'Fintech export' }] : []),
              ],
              onClick: (e) => void exportCsv(e.key as 'summary' | 'detailed' | 'fintech'),
            }}
          >
            <Button icon={<DownloadOutlined />}>Export CSV</Button>
          </Dropdown>
          {feature('fintech') && <FintechUploadButton />}
          {(can('invoice.create') || can('invoice.draft')) && (
            <ButtonLink
              to={customerId ? `/invoice/create?customerId=${customerId}` : '/invoice/create'}
              type="primary"
              icon={<PlusOutlined />}
            >
              New Invoice
            </ButtonLink>
          )}
        </>
      }
    >
      <ServerGrid<InvoiceRow>
        ref={grid}
        endpoint={invoiceGrid}
        liveKey={queryKeys.invoices.all}
        params={customerId ? { customerId } : undefined}
        columnDefs={columnDefs}
        rowHeight={56}
        noRowsText="No invoices found"
        onRowClicked={(row) => navigate(`/invoice/${displayNumber(row)}`)}
        testId="invoice-grid"
      />
    </Page>
  );
}
