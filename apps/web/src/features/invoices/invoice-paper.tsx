import { productTypeLabel } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import { useSession } from '../../lib/session';
import {
  displayNumber,
  type Invoice,
  type InvoiceCustomer,
  type InvoiceItem,
  productOf,
  useCustomerPermit,
} from './api';

const { Text, Title } = Typography;

export function dueLabel(due: string | null | undefined): string {
  if (!due) return '—';
  return isDueOnDelivery(due) ? 'Due on delivery' : formatDate(due);
}

/** The invoice as printed: company and logo, bill-to with the permit, lines, stamps, notes, totals. */
export function InvoicePaper({ invoice }: { invoice: Invoice }) {
  const { user } = useSession();
  const company = invoice.company ?? user?.company;
  const num = displayNumber(invoice);
  const customer: Partial<InvoiceCustomer> = invoice.customer ?? {};
  const logo =
    invoice.logo ?? user?.company?.logos?.find((l) => l.id === (invoice.logo_id ?? company?.default_logo_id)) ?? null;
  const permit = useCustomerPermit(invoice.customer_id, !customer.deleted);
  const items = [...(invoice.items ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

  return (
    <Card data-testid="invoice-paper">
      <Flex justify="space-between" align="start" gap={24} wrap>
        <Flex gap={16} align="start">
          {logo && (
            <img src={logo.path} alt="Company logo" style={{ maxWidth: 200, maxHeight: 100, objectFit: 'contain' }} />
          )}
          <div>
            <Title level={4} style={{ margin: 0 }}>
              {company?.name}
            </Title>
            <Text type="secondary">
              {company?.address}
              <br />
              {company?.city}, {company?.state} {company?.zip}
              <br />
              TABC {company?.tabc_id}
            </Text>
          </div>
        </Flex>
        <div style={{ textAlign: 'right' }}>
          <Title level={3} style={{ margin: 0 }}>
            INVOICE #{num}
          </Title>
          <div>Date: {formatDate(invoice.invoiced_at)}</div>
          <div>Due: {dueLabel(invoice.due_at)}</div>
        </div>
      </Flex>

      <div className="invoice-customer" data-testid="invoice-customer">
        <Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase' }}>
          Bill to
        </Text>
        <div>
          <strong>{customer.name}</strong>
          {(customer.deleted || customer.deleted_at) && (
            <Tag color="red" style={{ marginLeft: 8 }}>
              Deleted customer!
            </Tag>
          )}
        </div>
        <div>
          {customer.address}, {customer.city}, {customer.state} {customer.zip}
        </div>
        <div>
          Permit <strong>{customer.tabc_id}</strong>
          {permit.data?.expiration_date && (
            <Text type={permit.data.isExpired ? 'danger' : 'secondary'}>
              {' '}
              · {permit.data.isExpired ? 'expired' : 'expires'} {formatDate(permit.data.expiration_date)}
            </Text>
          )}
        </div>
        {customer.contact_name && (
          <Text type="secondary">
            {customer.contact_name} {customer.contact_phone} {customer.contact_email}
          </Text>
        )}
      </div>

      <Table<InvoiceItem>
        size="small"
        rowKey={(r, i) => String(r.id ?? i)}
        pagination={false}
        dataSource={items}
        data-testid="invoice-items"
        columns={[
          { title: 'Qty', dataIndex: 'qty', width: 70, align: 'right' },
          {
            title: 'Product',
            render: (_, r) => (
              <span>
                {itemName(r)}
                {r.on_deal && (
                  <Tag color="purple" style={{ marginLeft: 6 }}>
                    On deal
                  </Tag>
                )}
                {r.last_purchase_price != null && toCents(r.price) < toCents(r.last_purchase_price) && (
                  <div>
                    <Text type="warning" style={{ fontSize: 12 }}>
                      This item was invoiced below cost.
                    </Text>
                  </div>
                )}
              </span>
            ),
          },
          { title: 'Size', render: (_, r) => r.product_size ?? productOf(r).product_size, width: 90 },
          { title: 'Type', render: (_, r) => productTypeLabel(r.product_type ?? productOf(r).product_type), width: 90 },
          {
            title: 'Price',
            align: 'right',
            width: 110,
            render: (_, r) => formatMoney(r.price),
          },
          {
            title: 'Tax',
            align: 'center',
            width: 60,
            render: (_, r) => (r.taxable ? 'T' : ''),
          },
          {
            title: 'Total',
            align: 'right',
            width: 120,
            render: (_, r) => formatMoney(r.total ?? (r.qty * toCents(r.price)) / 100),
          },
        ]}
      />

      <Flex justify="space-between" gap={24} wrap style={{ marginTop: 16 }}>
        <div style={{ flex: 1, minWidth: 260 }}>
          <Text strong>TABC stamps</Text>
          <div data-testid="invoice-stamps">
            {invoice.stamps?.length ? (
              invoice.stamps.map((s) => (
                <Tag key={`${s.roll_id}-${s.from}`} style={{ marginTop: 4 }}>
                  {s.prefix ?? ''}
                  {s.from} – {s.prefix ?? ''}
                  {s.to} ({s.to - s.from + 1})
                </Tag>
              ))
            ) : (
              <div>
                <Text type="secondary">No stamps</Text>
              </div>
            )}
          </div>
          {invoice.note && (
            <div style={{ marginTop: 12 }}>
              <Text strong>Note</Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{invoice.note}</div>
            </div>
          )}
          {invoice.company_note && (
            <div style={{ marginTop: 12 }}>
              <Text strong>Company note</Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{invoice.company_note}</div>
            </div>
          )}
        </div>
        <table className="totals" data-testid="invoice-totals">
          <tbody>
            <tr>
              <td>Sub Total</td>
              <td>{formatMoney(invoice.sub_total)}</td>
            </tr>
            <tr>
              <td>Tax{invoice.tax_rate != null ? ` (${Number(invoice.tax_rate)}%)` : ''}</td>
              <td>{formatMoney(invoice.tax_total)}</td>
            </tr>
            <tr className="grand">
              <td>Total</td>
              <td>{formatMoney(invoice.total)}</td>
            </tr>
          </tbody>
        </table>
      </Flex>
    </Card>
  );
}

export function itemName(r: InvoiceItem): string {
  return r.product_name ?? productOf(r).product ?? (typeof r.product === 'string' ? r.product : '') ?? '';
}
