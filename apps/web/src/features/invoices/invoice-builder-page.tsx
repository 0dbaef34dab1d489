import { HistoryOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { addDays, formatDate, isDueOnDelivery, todayInTexas } from '@dbo/domain/dates';
import { canEditPricing } from '@dbo/domain/features';
import { INVOICE_MSG, isBeerInvoice, isTypeMismatch, maxDueDate, maxInvoiceDate } from '@dbo/domain/invoice';
import { formatMoney, invoiceTotals, toCents } from '@dbo/domain/money';
import { autoAssign, type StampSequence, stampNeed } from '@dbo/domain/stamps';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { ApiError, errorMessage, errorMessages, http } from '../../lib/api';
import { Page } from '../../lib/page';
import { displayNumber, type Invoice, useInvoice, useSaveInvoice } from './api';
import {
  type BuilderItem,
  type BuilderRange,
  itemFromProduct,
  itemsFromInvoice,
  newKey,
  type ProductSuggestion,
  toPayload,
} from './builder-model';
import { type CustomerLite, CustomerSelect, CustomerWarnings, useCustomers } from './customer-panel';
import { statusLabel } from './invoice-status-tag';
import { ItemsTable } from './items-table';
import { ProductSearch, type ProductSearchHandle } from './product-search';
import { isUsableRoll, type StampRoll, StampsPanel } from './stamps-panel';
import './invoices.css';

const { Text } = Typography;

export default function InvoiceBuilderPage() {
  const { number } = useParams();
  const [search] = useSearchParams();
  const clone = search.get('clone');
  const orderRef = number ? null : search.get('order');
  const editing = useInvoice(number);
  const cloning = useInvoice(number ? undefined : (clone ?? undefined));
  const converting = useQuery({
    queryKey: ['order', 'one', orderRef],
    queryFn: () => http.get<any>(`/order/${encodeURIComponent(orderRef ?? '')}`),
    enabled: !!orderRef,
    retry: false,
  });

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
          extra={
            <Link to={`/invoice/${displayNumber(editing.data)}`}>
              <Button>Back to invoice</Button>
            </Link>
          }
        />
      );
    return <Builder key={`edit-${editing.data.id}`} invoice={editing.data} />;
  }
  if ((clone && cloning.isLoading) || (orderRef && converting.isLoading))
    return <Skeleton active style={{ padding: 24 }} />;
  if (orderRef && converting.error)
    return (
      <Result status="error" title="Error Creating Invoice From Order" subTitle={errorMessage(converting.error)} />
    );
  const order = converting.data ? (converting.data.order ?? converting.data) : undefined;
  return (
    <Builder key={`new-${clone ?? ''}-${orderRef ?? ''}`} source={order ? invoiceFromOrder(order) : cloning.data} />
  );
}

/**
 * An online order as a builder source: its customer, note and the lines that were not rejected
 * (at the ordered price). The saved invoice is linked to the order (order_id).
 */
function invoiceFromOrder(order: any): Invoice {
  const items = (order.orderItems ?? order.items ?? []).filter((i: any) => !i.is_rejected);
  return {
    id: 0,
    number: 0,
    beer: false,
    order_id: order.id,
    customer_id: order.customerUser?.customer?.id ?? order.customer_id,
    customer: order.customerUser?.customer ?? order.customer,
    status: 'draft',
    items: items.map((i: any, position: number) => ({
      product_id: i.product_id ?? i.product?.id ?? null,
      product: i.product,
      qty: Number(i.new_qty ?? i.qty) || 0,
      price: i.new_price ?? i.price,
      taxable: true,
      on_deal: false,
      position,
      last_purchase_price: i.product?.last_purchase_price ?? null,
    })),
    stamps: [],
    // the customer's notes on the order (not the distributor's own)
    note: Array.isArray(order.note ?? order.notes)
      ? (order.note ?? order.notes)
          .filter((n: any) => !n.company_user_id)
          .map((n: any) => n.note)
          .join('\n')
      : String(order.note ?? ''),
    company_note: '',
    logo_id: null,
    invoiced_at: '',
    due_at: null,
    sub_total: 0,
    tax_total: 0,
    total: 0,
  };
}

interface BuilderState {
  customer: CustomerLite | null;
  items: BuilderItem[];
  ranges: BuilderRange[];
  autoStamps: boolean;
  note: string;
  company_note: string;
  status: string;
  invoiced_at: string;
  due_at: string | null;
  logo_id: number | null;
}

function Builder({ invoice, source }: { invoice?: Invoice; source?: Invoice }) {
  const { user, feature } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const company = user?.company ?? ({} as Record<string, any>);
  const today = todayInTexas();

  const initial = useCallback((): BuilderState => {
    if (invoice) {
      const saved = (invoice.stamps ?? []).map((r) => ({
        key: newKey(),
        roll_id: r.roll_id,
        prefix: r.prefix ?? '',
        from: r.from,
        to: r.to,
        saved: true,
      }));
      return {
        customer: invoice.customer
          ? { ...invoice.customer, deleted_at: invoice.customer.deleted ? 'deleted' : invoice.customer.deleted_at }
          : null,
        items: itemsFromInvoice(invoice, 'edit'),
        ranges: saved,
        autoStamps: true,
        note: invoice.note ?? '',
        company_note: invoice.company_note ?? '',
        status: invoice.status,
        invoiced_at: invoice.invoiced_at,
        due_at: invoice.due_at,
        logo_id: invoice.logo_id,
      };
    }
    return {
      // cloning copies items, note and customer into a new builder
      customer: source?.customer && !source.customer.deleted ? source.customer : null,
      items: source ? itemsFromInvoice(source, 'copy') : [],
      ranges: [],
      autoStamps: true,
      note: source?.note ?? '',
      company_note: company.default_invoice_note ?? '',
      status: company.default_invoice_status ?? 'draft',
      invoiced_at: today,
      // Decision: a new invoice is due on delivery (tomorrow) unless changed.
      due_at: addDays(today, 1),
      logo_id: company.default_logo_id ?? company.logos?.[0]?.id ?? null,
    };
  }, [invoice, source, company, today]);

  const [s, setS] = useState<BuilderState>(initial);
  const set = (patch: Partial<BuilderState>) => setS((prev) => ({ ...prev, ...patch }));
  const [errors, setErrors] = useState<string[]>([]);
  const [duplicate, setDuplicate] = useState<{ message: string; invoice?: any } | null>(null);
  const [zeroItems, setZeroItems] = useState<BuilderItem[] | null>(null);
  const [replicating, setReplicating] = useState(false);
  const searchRef = useRef<ProductSearchHandle>(null);
  const customerRef = useRef<any>(null);

  const customers = useCustomers();
  const rollsQuery = useQuery({
    queryKey: ['stamp', 'roll'],
    queryFn: () => http.get<any>('/stamp/roll'),
    select: (res): StampRoll[] => (Array.isArray(res) ? res : (res?.rolls ?? res?.rows ?? [])),
    staleTime: 0,
  });
  const rolls = rollsQuery.data ?? [];

  // ---- query parameters: ?customerId preselects, ?productId adds a product ---------------------
  const paramCustomer = search.get('customerId');
  useEffect(() => {
    if (!paramCustomer || invoice || s.customer || !customers.data) return;
    const c = customers.data.find((x) => String(x.id) === paramCustomer);
    if (c) set({ customer: c });
  }, [paramCustomer, customers.data, invoice, s.customer]);

  const paramProduct = search.get('productId');
  const productAdded = useRef(false);
  useEffect(() => {
    if (!paramProduct || productAdded.current) return;
    productAdded.current = true;
    http
      .get<any>(`/product/${paramProduct}`, { customerId: paramCustomer ?? undefined })
      .then((res) => {
        const p = res?.product && typeof res.product === 'object' ? res.product : res;
        setS((prev) => ({ ...prev, items: [...prev.items, itemFromProduct(p)] }));
      })
      .catch((err) => message.error(errorMessage(err)));
  }, [paramProduct, paramCustomer, message]);

  // ---- stamps: auto-assignment from the usable rolls ------------------------------------------
  const need = stampNeed(s.items);
  const sequences = useMemo<StampSequence[]>(
    () =>
      rolls
        .filter((r) => r.usable ?? isUsableRoll(r))
        .flatMap((r) => (r.sequences ?? []).map((q) => ({ ...q, roll_id: r.id, prefix: r.prefix ?? '' }))),
    [rolls],
  );
  useEffect(() => {
    if (!s.autoStamps || !rollsQuery.isSuccess) return;
    setS((prev) => {
      // stamps already on the saved invoice count toward the need
      const saved = prev.ranges.filter((r) => r.saved);
      const res = autoAssign(need, sequences, saved);
      const next = [...saved, ...res.ranges.map((r) => ({ key: newKey(), ...r }))];
      const same =
        next.length === prev.ranges.length &&
        next.every(
          (r, i) =>
            r.roll_id === prev.ranges[i].roll_id && r.from === prev.ranges[i].from && r.to === prev.ranges[i].to,
        );
      return same ? prev : { ...prev, ranges: next };
    });
  }, [need, sequences, s.autoStamps, rollsQuery.isSuccess]);

  // ---- derived ---------------------------------------------------------------------------------
  const types = s.items.map((i) => i.product_type);
  const mismatch = isTypeMismatch(types, !!s.customer?.cash_on_delivery);
  const beer = isBeerInvoice(types);
  // a saved invoice keeps the tax rate it was created with
  const taxRate = Number(invoice?.tax_rate ?? company.tax_rate ?? 8.25);
  const totals = invoiceTotals(
    s.items.map((i) => ({ qty: i.qty, price: i.price, taxable: i.taxable })),
    taxRate,
  );
  const inventoryOn = feature('inventory');
  const newNumber = useQuery({
    queryKey: ['invoice', 'new-number', s.customer?.id ?? null, beer],
    queryFn: () =>
      http.get<any>('/invoice/new-number', {
        customerId: s.customer?.id ?? undefined,
        beer: beer ? 'true' : undefined,
      }),
    enabled: !invoice,
    staleTime: 0,
  });
  const numberLabel = invoice
    ? displayNumber(invoice)
    : newNumber.data
      ? displayNumber({ number: newNumber.data.number, beer, display_number: newNumber.data.display_number })
      : '';

  // ---- actions ---------------------------------------------------------------------------------
  const addProduct = useCallback((p: ProductSuggestion, scanned: boolean) => {
    setS((prev) => {
      // a second scan of the same product adds to its line instead of a new one
      const existing = scanned ? prev.items.find((i) => i.product_id === p.id) : undefined;
      const items = existing
        ? prev.items.map((i) => (i.key === existing.key ? { ...i, qty: i.qty + 1, scanned: true } : i))
        : [...prev.items, itemFromProduct(p, scanned)];
      return { ...prev, items };
    });
    setErrors([]);
    setTimeout(() => searchRef.current?.focus(), 0);
  }, []);

  const replicate = async () => {
    if (!s.customer) return;
    setReplicating(true);
    try {
      const last = await http.get<Invoice>('/invoice/last', { customerId: s.customer.id });
      if (!last?.items?.length) throw new ApiError(404, 'No invoice found');
      set({ items: itemsFromInvoice(last, 'copy'), note: last.note ?? s.note });
      message.success(`Items of invoice #${displayNumber(last)} loaded`);
      setTimeout(() => searchRef.current?.focus(), 0);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        Modal.warning({ title: 'No invoice found', content: 'Sorry you have no previous invoices for this customer' });
      else Modal.error({ title: 'Error Replicating Last Invoice', content: errorMessage(err) });
    } finally {
      setReplicating(false);
    }
  };

  const save = useSaveInvoice({
    onSuccess: (inv) => {
      message.success(invoice ? `Invoice #${displayNumber(inv)} saved` : `Invoice #${displayNumber(inv)} created`);
      navigate(`/invoice/${encodeURIComponent(displayNumber(inv))}`);
    },
  });

  const submit = (opts: { force?: boolean; skipZero?: boolean } = {}) => {
    const problems: string[] = [];
    if (!s.customer) problems.push(INVOICE_MSG.customerRequired);
    if (!s.items.length) problems.push(INVOICE_MSG.itemsRequired);
    if (mismatch) problems.push(INVOICE_MSG.typeMismatch);
    setErrors(problems);
    if (problems.length || !s.customer) return;
    if (!opts.skipZero) {
      const zero = s.items.filter((i) => toCents(i.price) === 0);
      if (zero.length) {
        setZeroItems(zero);
        return;
      }
    }
    save.mutate(
      {
        id: invoice?.id,
        payload: {
          ...toPayload({ ...s, customerId: s.customer.id }, opts.force),
          ...(source?.order_id ? { order_id: source.order_id } : {}),
        },
      },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409)
            setDuplicate({ message: err.body?.message ?? err.message, invoice: err.body?.invoice });
          else setErrors(errorMessages(err));
        },
      },
    );
  };

  // Ctrl+Enter (or Ctrl+S) saves from anywhere in the builder
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key === 's')) {
        e.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reset = () => {
    setS(initial());
    setErrors([]);
    if (!invoice && (search.get('customerId') || search.get('productId') || search.get('clone')))
      setSearch({}, { replace: true });
  };

  // the price input is focused once the dialog has closed (the modal hands focus back first)
  const focusPriceOf = useRef<string | null>(null);
  const fixPrice = () => {
    focusPriceOf.current = zeroItems?.[0]?.key ?? null;
    setZeroItems(null);
  };
  const afterZeroClose = () => {
    const key = focusPriceOf.current;
    focusPriceOf.current = null;
    if (!key) return;
    const el = document.querySelector<HTMLInputElement>(
      `input[data-price-key="${key}"], [data-price-key="${key}"] input`,
    );
    el?.focus();
    el?.select();
  };

  const logos = company.logos ?? [];
  const dupInvoice = duplicate?.invoice;

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
          <Link to={`/invoice/${encodeURIComponent(displayNumber(invoice))}`}>
            <Button>Back to invoice</Button>
          </Link>
        ) : (
          <Link to="/invoice">
            <Button>Invoices</Button>
          </Link>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          <Flex vertical gap={16}>
            <Card
              size="small"
              title="Customer"
              extra={
                <Button
                  icon={<HistoryOutlined />}
                  disabled={!s.customer}
                  loading={replicating}
                  onClick={() => void replicate()}
                >
                  Replicate last invoice
                </Button>
              }
            >
              <CustomerSelect
                selectRef={customerRef}
                autoFocus={!s.customer}
                value={s.customer?.id ?? null}
                extra={s.customer}
                onChange={(c) => {
                  set({ customer: c });
                  setTimeout(() => searchRef.current?.focus(), 0);
                }}
              />
              {s.customer && (
                <>
                  <Text type="secondary" style={{ display: 'block', marginTop: 6 }} data-testid="customer-address">
                    {s.customer.address}, {s.customer.city} {s.customer.zip} · Permit {s.customer.tabc_id}
                    {s.customer.cash_on_delivery && (
                      <Tag color="green" style={{ marginLeft: 8 }}>
                        Cash on delivery
                      </Tag>
                    )}
                  </Text>
                  <CustomerWarnings customer={s.customer} />
                </>
              )}
            </Card>

            <Card size="small" title={`Items (${s.items.length})`}>
              <ProductSearch ref={searchRef} customerId={s.customer?.id ?? null} onAdd={addProduct} />
              {mismatch && (
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
                  onChange={(items) => set({ items })}
                  inventory={inventoryOn}
                  canEditPrice={canEditPricing(company.companyFeatures)}
                />
              </div>
            </Card>

            <Card size="small" title="TABC stamps">
              <StampsPanel
                need={need}
                ranges={s.ranges}
                rolls={rolls}
                rollsLoaded={rollsQuery.isSuccess}
                auto={s.autoStamps}
                onAuto={() => set({ autoStamps: true, ranges: s.ranges.filter((r) => r.saved) })}
                onChange={(ranges) => set({ ranges, autoStamps: false })}
              />
            </Card>
          </Flex>
        </Col>

        <Col xs={24} xl={6}>
          <div className="builder-side">
            <Card size="small" title="Invoice">
              <Form layout="vertical" component="div" requiredMark={false}>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item label="Invoice Date" style={{ marginBottom: 12 }}>
                      <DatePicker
                        aria-label="Invoice Date"
                        style={{ width: '100%' }}
                        suffixIcon={null}
                        allowClear={false}
                        format="DD MMM, YYYY"
                        value={dayjs(s.invoiced_at)}
                        disabledDate={(d) => d.format('YYYY-MM-DD') > maxInvoiceDate()}
                        onChange={(d) => d && set({ invoiced_at: d.format('YYYY-MM-DD') })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      label="Due Date"
                      style={{ marginBottom: 12 }}
                      help={isDueOnDelivery(s.due_at) ? 'Due on delivery' : undefined}
                    >
                      <DatePicker
                        aria-label="Due Date"
                        style={{ width: '100%' }}
                        suffixIcon={null}
                        format="DD MMM, YYYY"
                        value={s.due_at ? dayjs(s.due_at) : null}
                        disabledDate={(d) => d.format('YYYY-MM-DD') > maxDueDate()}
                        onChange={(d) => set({ due_at: d ? d.format('YYYY-MM-DD') : null })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item label="Status" style={{ marginBottom: 12 }}>
                      <Select
                        aria-label="Status"
                        value={s.status}
                        onChange={(v) => set({ status: v })}
                        options={INVOICE_STATUSES.map((st) => ({ value: st, label: statusLabel(st) }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item label="Logo" style={{ marginBottom: 12 }}>
                      <Select
                        aria-label="Logo"
                        allowClear
                        placeholder="No logo"
                        value={s.logo_id ?? undefined}
                        onChange={(v) => set({ logo_id: v ?? null })}
                        options={logos.map((l: any) => ({
                          value: l.id,
                          label: (
                            <Flex align="center" gap={6}>
                              <img src={l.path} alt="" style={{ height: 18, maxWidth: 40, objectFit: 'contain' }} />
                              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{l.originalname}</span>
                            </Flex>
                          ),
                        }))}
                        notFoundContent="No logos: upload one in Settings"
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label="Note (printed on the invoice)" style={{ marginBottom: 12 }}>
                  <Input.TextArea
                    aria-label="Note"
                    autoSize={{ minRows: 2, maxRows: 5 }}
                    value={s.note}
                    onChange={(e) => set({ note: e.target.value })}
                  />
                </Form.Item>
                <Form.Item label="Company note" style={{ marginBottom: 0 }}>
                  <Input.TextArea
                    aria-label="Company note"
                    autoSize={{ minRows: 2, maxRows: 5 }}
                    value={s.company_note}
                    onChange={(e) => set({ company_note: e.target.value })}
                  />
                </Form.Item>
              </Form>
            </Card>

            <Card size="small" style={{ marginTop: 16 }}>
              <table className="totals" style={{ width: '100%' }} data-testid="builder-totals">
                <tbody>
                  <tr>
                    <td>Sub Total</td>
                    <td data-testid="sub-total">{formatMoney(totals.sub_total)}</td>
                  </tr>
                  <tr>
                    <td>Tax ({taxRate}%)</td>
                    <td data-testid="tax-total">{formatMoney(totals.tax_total)}</td>
                  </tr>
                  <tr className="grand">
                    <td>Total</td>
                    <td data-testid="total">{formatMoney(totals.total)}</td>
                  </tr>
                </tbody>
              </table>
              {errors.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginTop: 12 }}
                  data-testid="save-errors"
                  title={errors.length === 1 ? errors[0] : 'Please fix the following'}
                  description={
                    errors.length > 1 ? (
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    ) : undefined
                  }
                />
              )}
              <Flex gap={8} style={{ marginTop: 12 }}>
                <Button
                  type="primary"
                  size="large"
                  icon={<SaveOutlined />}
                  style={{ flex: 1 }}
                  loading={save.isPending}
                  onClick={() => submit()}
                >
                  {invoice ? 'Save' : 'Create'}
                </Button>
                <Popconfirm
                  title={invoice ? 'Undo all changes?' : 'Clear this invoice?'}
                  okText="Reset"
                  onConfirm={reset}
                >
                  <Button size="large" icon={<UndoOutlined />}>
                    Reset
                  </Button>
                </Popconfirm>
              </Flex>
              <Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
                Ctrl+Enter saves. Scan barcodes into the product box.
              </Text>
            </Card>
          </div>
        </Col>
      </Row>

      <Modal
        open={!!zeroItems}
        title="Item price set to $0.00"
        onCancel={() => setZeroItems(null)}
        afterClose={afterZeroClose}
        footer={[
          <Button key="fix" onClick={fixPrice}>
            Fix Price
          </Button>,
          <Button
            key="skip"
            type="primary"
            onClick={() => {
              setZeroItems(null);
              submit({ skipZero: true });
            }}
          >
            Skip and create
          </Button>,
        ]}
      >
        <div data-testid="zero-price-dialog">
          {zeroItems?.map((i) => (
            <p key={i.key} style={{ margin: '4px 0' }}>
              <strong>
                {i.product} {i.product_size}
              </strong>{' '}
              is {INVOICE_MSG.zeroPrice}.
            </p>
          ))}
        </div>
      </Modal>

      <Modal
        open={!!duplicate}
        title="Possible duplicate invoice"
        onCancel={() => setDuplicate(null)}
        footer={[
          <Button key="cancel" onClick={() => setDuplicate(null)}>
            Cancel
          </Button>,
          <Button
            key="force"
            type="primary"
            danger
            loading={save.isPending}
            onClick={() => {
              setDuplicate(null);
              submit({ force: true, skipZero: true });
            }}
          >
            Create anyway
          </Button>,
        ]}
      >
        <div data-testid="duplicate-dialog">
          <Alert type="warning" showIcon title={duplicate?.message ?? INVOICE_MSG.duplicate} />
          {dupInvoice && (
            <p style={{ marginTop: 12 }}>
              Existing invoice{' '}
              <Link to={`/invoice/${encodeURIComponent(displayNumber(dupInvoice))}`} target="_blank">
                #{displayNumber(dupInvoice)}
              </Link>{' '}
              of {formatDate(dupInvoice.invoiced_at)}
              {dupInvoice.total != null ? `, total ${formatMoney(dupInvoice.total)}` : ''}. Create this one anyway?
            </p>
          )}
        </div>
      </Modal>
    </Page>
  );
}
