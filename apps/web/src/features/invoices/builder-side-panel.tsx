import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { formatDate, isDueOnDelivery } from '@dbo/domain/dates';
import { maxDueDate, maxInvoiceDate } from '@dbo/domain/invoice';
import { formatMoney } from '@dbo/domain/money';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Popconfirm, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { builderDueDefault, type BuilderState } from './builder-state';
import { statusLabel } from './invoice-status-tag';
import type { InvoiceBuilder } from './use-invoice-builder';

const { Text } = Typography;

type Logos = NonNullable<NonNullable<InvoiceBuilder['company']>['logos']>;
const NO_LOGOS: Logos = [];
/** The two notes of the invoice form, printed note first. */
const NOTE_FIELDS = [
  { key: 'note', label: 'Note (printed on the invoice)', ariaLabel: 'Note', marginBottom: 12 },
  { key: 'company_note', label: 'Company note', ariaLabel: 'Company note', marginBottom: 0 },
] as const;

/** The builder's right column: dates, status, logo, notes, then the totals and the save buttons. */
export function BuilderSidePanel({ b }: { b: InvoiceBuilder }) {
  const { state: s, set, invoice, totals, taxRate, stampBlock } = b;
  // the credit-law default and its rule, named beside the field (staff may still change the date)
  const due = builderDueDefault(s);
  return (
    <div className="builder-side">
      <InvoiceFields
        invoiced_at={s.invoiced_at}
        due_at={s.due_at}
        status={s.status}
        logo_id={s.logo_id}
        note={s.note}
        company_note={s.company_note}
        dueDefault={due.due_at}
        dueLabel={due.label}
        editing={!!invoice}
        logos={b.company?.logos ?? NO_LOGOS}
        set={set}
      />

      <Card size="small" style={{ marginTop: 16 }}>
        <table className="totals fit" data-testid="builder-totals">
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
        <SaveActions
          editing={!!invoice}
          saving={b.saving}
          stampBlock={stampBlock}
          errors={b.errors}
          submit={b.submit}
          reset={b.reset}
        />
      </Card>
    </div>
  );
}

/**
 * The save's errors and buttons: memoised, so a quantity keystroke re-renders the totals above
 * them and not their buttons (issue 37).
 */
const SaveActions = memo(function SaveActions({
  editing,
  saving,
  stampBlock,
  errors: all,
  submit,
  reset,
}: Pick<InvoiceBuilder, 'saving' | 'stampBlock' | 'errors' | 'submit' | 'reset'> & { editing: boolean }) {
  // the stamps' reason stands beside the button already
  const errors = all.filter((e) => e !== stampBlock);
  return (
    <>
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
          loading={saving}
          disabled={!!stampBlock}
          aria-describedby={stampBlock ? 'save-blocked' : undefined}
          onClick={() => submit()}
        >
          {editing ? 'Save' : 'Create'}
        </Button>
        <Popconfirm title={editing ? 'Undo all changes?' : 'Clear this invoice?'} okText="Reset" onConfirm={reset}>
          <Button size="large" icon={<UndoOutlined />}>
            Reset
          </Button>
        </Popconfirm>
      </Flex>
      {stampBlock && (
        <Alert
          id="save-blocked"
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="save-blocked"
          title={stampBlock}
        />
      )}
      <Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
        Ctrl+Enter saves. Scan barcodes into the product box.
      </Text>
    </>
  );
});

/**
 * Dates, status, logo and notes: memoised on their own values, so a quantity keystroke in the
 * items table does not re-render their antd pickers and inputs (issue 19).
 */
const InvoiceFields = memo(function InvoiceFields({
  invoiced_at,
  due_at,
  status,
  logo_id,
  note,
  company_note,
  dueDefault,
  dueLabel,
  editing,
  logos,
  set,
}: Pick<BuilderState, 'invoiced_at' | 'due_at' | 'status' | 'logo_id' | 'note' | 'company_note'> & {
  dueDefault: string;
  dueLabel: string;
  editing: boolean;
  logos: Logos;
  set: InvoiceBuilder['set'];
}) {
  return (
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
                value={dayjs(invoiced_at)}
                disabledDate={(d) => d.format('YYYY-MM-DD') > maxInvoiceDate()}
                onChange={(d) => d && set({ invoiced_at: d.format('YYYY-MM-DD') })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="Due Date"
              style={{ marginBottom: 12 }}
              help={
                <span data-testid="due-rule">
                  {isDueOnDelivery(due_at) && <strong>Due on delivery. </strong>}
                  {due_at === dueDefault ? (
                    dueLabel
                  ) : (
                    <>
                      Default {formatDate(dueDefault)} ({dueLabel}).{' '}
                      {!editing && (
                        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => set({ dueAuto: true })}>
                          Use default
                        </Button>
                      )}
                    </>
                  )}
                </span>
              }
            >
              <DatePicker
                aria-label="Due Date"
                style={{ width: '100%' }}
                suffixIcon={null}
                format="DD MMM, YYYY"
                value={due_at ? dayjs(due_at) : null}
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
                value={status}
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
                value={logo_id ?? undefined}
                onChange={(v) => set({ logo_id: v ?? null })}
                options={logos.map((l) => ({
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
        {NOTE_FIELDS.map(({ key, label, ariaLabel, marginBottom }) => (
          <Form.Item key={key} label={label} style={{ marginBottom }}>
            <Input.TextArea
              aria-label={ariaLabel}
              autoSize={{ minRows: 2, maxRows: 5 }}
              value={key === 'note' ? note : company_note}
              onChange={(e) => set({ [key]: e.target.value })}
            />
          </Form.Item>
        ))}
      </Form>
    </Card>
  );
});
