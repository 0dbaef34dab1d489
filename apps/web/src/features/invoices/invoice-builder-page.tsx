import { HistoryOutlined } from '@ant-design/icons';
import { canEditPricing } from '@dbo/domain/features';
import { INVOICE_MSG } from '@dbo/domain/invoice';
import { ORDER_MSG } from '@dbo/domain/order';
import type { RefSelectProps } from 'antd';
import { Alert, Button, Card, Col, Flex, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { memo, useCallback, useRef } from 'react';
import type { ConvertedInvoice } from '@dbo/domain/fintech';
import type { ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import {
  type CustomerLite,
  displayNumber,
  type Invoice,
  type InvoiceDraft,
  useInvoice,
  useOrderToInvoice,
} from './api';
import { invoiceFromOrder } from './builder-model';
import { FintechDraftNotice } from './fintech-draft-notice';
import { invoiceFromFintech } from './fintech-api';
import { DuplicateDialog, ZeroPriceDialog } from './builder-dialogs';
import { BuilderSidePanel } from './builder-side-panel';
import { CustomerSelect, CustomerWarnings } from './customer-panel';
import { ItemsTable } from './items-table';
import { ProductSearch } from './product-search';
import { StampsPanel } from './stamps-panel';
import { type InvoiceBuilder, useInvoiceBuilder } from './use-invoice-builder';
import './invoices.css';
import { ButtonLink } from '../../lib/button-link';

const { Text } = Typography;

/**
 * /invoice/create (new, ?clone=, ?order=, or a converted fintech file in the navigation state
 * `fintechDraft`) and /invoice/:number/edit: loads the source, then the builder.
 */
export default function InvoiceBuilderPage() {
  const { number } = useParams();
  const [search] = useSearchParams();
  const fintechDraft = (useLocation().state as { fintechDraft?: ConvertedInvoice } | null)?.fintechDraft;
  const clone = search.get('clone');
  const orderRef = number ? null : search.get('order');
  const editing = useInvoice(number);
  const cloning = useInvoice(number ? undefined : (clone ?? undefined));
  const converting = useOrderToInvoice(orderRef);

  if (number) {
    if (editing.isLoading) return <Skeleton active style={{ padding: 24 }} />;
    if (editing.error || !editing.data)
      return (
        <Result
          status="error"
          title="Sorry, something went wrong!"
          subTitle={editing.error ? errorMessage(editing.error) : undefined}
        />
      );
    if (editing.data.status === 'cancelled')
      return (
        <Result
          status="warning"
          title={INVOICE_MSG.cancelledEdit}
          extra={<ButtonLink to={`/invoice/${displayNumber(editing.data)}`}>Back to invoice</ButtonLink>}
        />
      );
    return <Builder key={`edit-${editing.data.id}`} invoice={editing.data} />;
  }
  if ((clone && cloning.isLoading) || (orderRef && converting.isLoading))
    return <Skeleton active style={{ padding: 24 }} />;
  if (orderRef && converting.error)
    return <Result status="error" title={ORDER_MSG.invoiceFailed} subTitle={errorMessage(converting.error)} />;
  const order = converting.data?.order;
  if (fintechDraft && !clone && !orderRef)
    return (
      <Builder
        key={`fintech-${fintechDraft.reference}`}
        source={invoiceFromFintech(fintechDraft)}
        notice={<FintechDraftNotice draft={fintechDraft} />}
      />
    );
  return (
    <Builder key={`new-${clone ?? ''}-${orderRef ?? ''}`} source={order ? invoiceFromOrder(order) : cloning.data} />
  );
}

function Builder({ invoice, source, notice }: { invoice?: Invoice; source?: InvoiceDraft; notice?: ReactNode }) {
  const b = useInvoiceBuilder({ invoice, source });
  const { state: s, set, dispatch, numberLabel, beer } = b;
  // stable callbacks: the memoised panels skip a quantity keystroke (issue 19)
  const onItems = useCallback((items: InvoiceBuilder['state']['items']) => set({ items }), [set]);
  const onAutoStamps = useCallback(() => dispatch({ type: 'autoStampsOn' }), [dispatch]);
  const onRanges = useCallback(
    (ranges: InvoiceBuilder['state']['ranges']) => dispatch({ type: 'editRanges', ranges }),
    [dispatch],
  );

  return (
    <Page
      title={
        <Flex align="center" gap={12}>
          {invoice ? `Edit Invoice #${numberLabel}` : 'New Invoice'}
          {!invoice && numberLabel && (
            <Tag style={{ fontSize: 14 }} data-testid="new-number">
              #{numberLabel}
            </Tag>
          )}
          {beer && <Tag color="gold">Beer</Tag>}
        </Flex>
      }
      actions={
        invoice ? (
          <ButtonLink to={`/invoice/${encodeURIComponent(displayNumber(invoice))}`}>Back to invoice</ButtonLink>
        ) : (
          <ButtonLink to="/invoice">Invoices</ButtonLink>
        )
      }
    >
      {notice}
      {b.stale.changedBy && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="stale-invoice"
          style={{ marginBottom: 16 }}
          title={`Changed by ${b.stale.changedBy} — reload?`}
          description={
            b.stale.message ??
            'Saving now would overwrite their change: reload to continue from the invoice as it is now.'
          }
          action={
            <Button type="primary" onClick={b.stale.reload} loading={b.stale.reloading}>
              Reload
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <Flex vertical gap={16}>
            <CustomerCard
              customer={s.customer}
              replicating={b.replicating}
              replicate={b.replicate}
              set={set}
              focusSearch={b.focusSearch}
            />

            <Card size="small" title={`Items (${s.items.length})`}>
              <ProductSearch ref={b.searchRef} customerId={s.customer?.id ?? null} onAdd={b.addProduct} />
              {b.mismatch && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={INVOICE_MSG.typeMismatch}
                  data-testid="type-mismatch"
                />
              )}
              <div style={{ marginTop: 12 }}>
                <ItemsTable
                  items={s.items}
                  onChange={onItems}
                  afterRemove={b.focusSearch}
                  inventory={b.inventoryOn}
                  canEditPrice={canEditPricing(b.company?.companyFeatures)}
                />
              </div>
            </Card>

            <Card size="small" title="TABC stamps">
              <StampsPanel
                need={b.need}
                ranges={s.ranges}
                rolls={b.rolls}
                rollsLoaded={b.rollsLoaded}
                auto={s.autoStamps}
                onAuto={onAutoStamps}
                onChange={onRanges}
              />
            </Card>
          </Flex>
        </Col>

        <Col xs={24} xl={6}>
          <BuilderSidePanel b={b} />
        </Col>
      </Row>

      <ZeroPriceDialog zeroPrice={b.zeroPrice} />
      <DuplicateDialog dialog={b.duplicateDialog} saving={b.saving} />
    </Page>
  );
}

/** The customer card: memoised, so a keystroke in the items table leaves its select alone (issue 19). */
const CustomerCard = memo(function CustomerCard({
  customer,
  replicating,
  replicate,
  set,
  focusSearch,
}: {
  customer: CustomerLite | null;
  replicating: boolean;
  replicate: InvoiceBuilder['replicate'];
  set: InvoiceBuilder['set'];
  focusSearch: InvoiceBuilder['focusSearch'];
}) {
  const customerRef = useRef<RefSelectProps>(null);
  const onReplicate = useCallback(() => void replicate(), [replicate]);
  const onCustomer = useCallback(
    (c: CustomerLite | null) => {
      set({ customer: c });
      focusSearch();
    },
    [set, focusSearch],
  );
  return (
    <Card
      size="small"
      title="Customer"
      extra={
        <Button icon={<HistoryOutlined />} disabled={!customer} loading={replicating} onClick={onReplicate}>
          Replicate last invoice
        </Button>
      }
    >
      <CustomerSelect
        selectRef={customerRef}
        autoFocus={!customer}
        value={customer?.id ?? null}
        extra={customer}
        onChange={onCustomer}
      />
      {customer && (
        <>
          <Text type="secondary" style={{ display: 'block', marginTop: 6 }} data-testid="customer-address">
            {customer.address}, {customer.city} {customer.zip} · Permit {customer.tabc_id}
            {customer.cash_on_delivery && (
              <Tag color="green" style={{ marginLeft: 8 }}>
                Cash on delivery
              </Tag>
            )}
          </Text>
          <CustomerWarnings customer={customer} />
        </>
      )}
    </Card>
  );
});
