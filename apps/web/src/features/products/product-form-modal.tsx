import { canEditPricing, isFeatureActive, isPosActive } from '@dbo/domain/features';
import { PRODUCT_TYPES, PRODUCT_TYPE_CODES, PRODUCT_TYPE_LABELS } from '@dbo/domain/constants';
import { productCreateSchema, productUpdateSchema } from '@dbo/domain/product';
import {
  Alert,
  App,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  Typography,
  type ButtonProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { texasToday } from '../../lib/date-range';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useCloseAsking, useFormUnsaved } from '../../lib/unsaved-changes';
import { errorMessages } from '../../lib/api';
import { FieldCol } from '../../lib/form-parts';
import { zodRule, validValues } from '../../lib/zod-form';
import { type Product, useCustomerOptions, useSaveProduct } from './api';

/** The save button carries a test id (a data attribute, which ButtonProps does not list). */
const SAVE_BUTTON_PROPS: ButtonProps & { 'data-testid': string } = { 'data-testid': 'product-save' };

const TYPE_OPTIONS = PRODUCT_TYPES.map((t) => ({
  value: t,
  label: `${PRODUCT_TYPE_LABELS[t]} (${PRODUCT_TYPE_CODES[t]})`,
}));

interface FormValues {
  product: string;
  product_type: string;
  product_size: string;
  product_price: number | null;
  last_purchase_price: number | null;
  upc?: string;
  internal_sku?: string;
  distributor?: string;
  reorder_level?: number | null;
  reorder_qty?: number | null;
  reorder_time_in_days?: number | null;
  effective_date?: Dayjs | null;
  customerId?: number | null;
  archived?: boolean;
}

/** What the product editor lets a user change while a POS is on (spec 1 and 2: canEditPricing). */
export function posNotice(bottlePos: boolean, pricingOk: boolean): string {
  if (bottlePos)
    return pricingOk
      ? 'Only prices can be edited here (pricing is not taken from Bottle POS).'
      : 'Prices come from Bottle POS; only archiving is possible here.';
  return pricingOk
    ? 'Only prices and reorder settings can be edited here.'
    : 'Only reorder settings can be edited here.';
}

/**
 * Create/edit modal. With Bottle POS or Clover active the synchronised fields are read-only and
 * prices follow canEditPricing. On edit a changed price may take an effective date (today or
 * later) and a single customer.
 */
export function ProductFormModal({
  open,
  product,
  onClose,
  onSaved,
}: {
  open: boolean;
  product?: Product | null;
  onClose: () => void;
  onSaved?: (p: Product) => void;
}) {
  const { user, feature } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveProduct();
  const [errors, setErrors] = useState<string[]>([]);
  const unsaved = useFormUnsaved(open);
  const startOver = unsaved.saved;
  const close = useCloseAsking(unsaved.dirty, () => {
    unsaved.discard();
    onClose();
  });
  const editing = !!product;
  const features = user?.company.companyFeatures;
  const pos = isPosActive(features);
  // spec 2: Bottle POS limits users to price edits (canEditPricing); Clover keeps reorder settings
  const bottlePos = isFeatureActive(features, 'bottle_pos');
  const pricingOk = canEditPricing(features);
  const syncedDisabled = pos;
  const reorderDisabled = bottlePos;
  const priceDisabled = pos && !pricingOk;
  const customers = useCustomerOptions(open && editing);
  const price = Form.useWatch('product_price', form);
  const priceChanged =
    editing && price !== undefined && price !== null && Number(price) !== Number(product?.product_price);
  const customerId = Form.useWatch('customerId', form);

  useEffect(() => {
    if (!open) return;
    setErrors([]);
    startOver();
    form.resetFields();
    form.setFieldsValue(
      product
        ? {
            ...product,
            upc: product.upc ?? undefined,
            internal_sku: product.internal_sku ?? undefined,
            distributor: product.distributor ?? undefined,
            effective_date: null,
            customerId: null,
          }
        : // spec 2 section 9: a product's price starts at 0.00 (and must be at least 0.01 to save)
          { product_type: 'LIQUOR', product_price: 0, last_purchase_price: 0, archived: false },
    );
  }, [open, product, form, startOver]);

  const schema = editing ? productUpdateSchema : productCreateSchema;
  const rule = (field: string) => zodRule(schema, field);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setErrors([]);
    const keepDate = !(editing && !priceChanged && !values.customerId);
    const body = {
      ...values,
      reorder_level: values.reorder_level,
      reorder_qty: values.reorder_qty,
      reorder_time_in_days: values.reorder_time_in_days,
      effective_date: keepDate && values.effective_date ? values.effective_date.format('YYYY-MM-DD') : undefined,
      customerId: values.customerId ?? undefined,
    };
    try {
      const saved = await save.mutateAsync(product ? { id: product.id, body } : { body });
      unsaved.saved();
      message.success(editing ? 'Product saved' : 'Product created');
      onSaved?.(saved);
      onClose();
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  const duplicateName = useMemo(
    () =>
      errors.some((e) => e.includes('already exists'))
        ? String(form.getFieldValue('product') ?? '')
            .trim()
            .toUpperCase()
        : null,
    [errors, form],
  );

  // Unit Price and Last Purchase Price (Form.Item gives each its own value)
  const priceInput = (
    <InputNumber prefix="$" min={0} step={0.01} precision={2} style={{ width: '100%' }} disabled={priceDisabled} />
  );
  return (
    <Modal
      open={open}
      title={editing ? `Edit ${product?.product}` : 'New Product'}
      okText={editing ? 'Save' : 'Create Product'}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={close}
      width={720}
      destroyOnHidden
      okButtonProps={SAVE_BUTTON_PROPS}
    >
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Error saving product!"
          description={
            <>
              {errors.map((e) => (
                <div key={e}>{e}</div>
              ))}
              {duplicateName && (
                <Link
                  to={`/product?product=${encodeURIComponent(duplicateName)}`}
                  onClick={() => {
                    unsaved.discard();
                    onClose();
                  }}
                >
                  Show the existing {duplicateName}
                </Link>
              )}
            </>
          }
        />
      )}
      {pos && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Products are synchronised from your point of sale overnight"
          description={posNotice(bottlePos, pricingOk)}
        />
      )}
      <Form form={form} layout="vertical" onValuesChange={unsaved.changed}>
        <Row gutter={16}>
          <FieldCol xs={24} md={12} label="Product Name" name="product" required rules={[rule('product')]}>
            <Input disabled={syncedDisabled} placeholder="TITO'S HANDMADE VODKA" autoFocus />
          </FieldCol>
          <FieldCol xs={12} md={6} label="Type" name="product_type" required rules={[rule('product_type')]}>
            <Select options={TYPE_OPTIONS} disabled={syncedDisabled} />
          </FieldCol>
          <FieldCol xs={12} md={6} label="Size" name="product_size" required rules={[rule('product_size')]}>
            <Input disabled={syncedDisabled} placeholder="750ML" />
          </FieldCol>
          <FieldCol xs={12} md={6} label="Unit Price" name="product_price" required rules={[rule('product_price')]}>
            {priceInput}
          </FieldCol>
          <FieldCol
            xs={12}
            md={6}
            label="Last Purchase Price"
            name="last_purchase_price"
            rules={[rule('last_purchase_price')]}
          >
            {priceInput}
          </FieldCol>
          <FieldCol xs={12} md={6} label="UPC" name="upc">
            <Input disabled={syncedDisabled} inputMode="numeric" />
          </FieldCol>
          {feature('internal_sku') && (
            <FieldCol xs={12} md={6} label="Internal SKU" name="internal_sku">
              <Input disabled={syncedDisabled} />
            </FieldCol>
          )}
          <FieldCol xs={24} md={12} label="Distributor" name="distributor">
            <Input disabled={syncedDisabled} />
          </FieldCol>
          <FieldCol xs={8} md={4} label="Reorder Level" name="reorder_level" rules={[rule('reorder_level')]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} disabled={reorderDisabled} />
          </FieldCol>
          <FieldCol xs={8} md={4} label="Reorder Qty" name="reorder_qty" rules={[rule('reorder_qty')]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} disabled={reorderDisabled} />
          </FieldCol>
          <FieldCol
            xs={8}
            md={4}
            label="Reorder Days"
            name="reorder_time_in_days"
            rules={[rule('reorder_time_in_days')]}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} disabled={reorderDisabled} />
          </FieldCol>
        </Row>
        {editing && !priceDisabled && (
          <>
            <Divider titlePlacement="start" plain>
              Price change
            </Divider>
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              A new unit price applies from the effective date (today when empty). Choose a customer to set a price for
              that customer only.
            </Typography.Paragraph>
            <Row gutter={16}>
              <FieldCol xs={12} md={8} label="Effective Date" name="effective_date">
                <DatePicker
                  style={{ width: '100%' }}
                  format="DD MMM, YYYY"
                  disabled={!priceChanged && !customerId}
                  disabledDate={(d) => d.isBefore(texasToday(), 'day')}
                />
              </FieldCol>
              <FieldCol xs={12} md={16} label="Only for customer" name="customerId">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Every customer"
                  loading={customers.isLoading}
                  options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </FieldCol>
            </Row>
          </>
        )}
        {editing && (
          <Form.Item label="Archived" name="archived" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
