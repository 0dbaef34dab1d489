import { buildTabcId, CUSTOMER_FIELD_LABELS } from '@dbo/domain/customer';
import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import type { FormInstance } from 'antd';
import { Descriptions, Modal } from 'antd';
import dayjs from 'dayjs';
import { useSession } from '../../lib/session';
import type { CustomerFormValues as FormValues } from './customer-form-values';

/** Lists every field as it will be saved before a create or save. */
export function ConfirmDialog(props: {
  values: FormValues | null;
  form: FormInstance;
  tiers: { id: number; name: string }[];
  saving: boolean;
  isNew: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const v = props.values;
  const show = (key: string): string => {
    if (!v) return '';
    if (key === 'tabc_id') return buildTabcId(v);
    if (key === 'productPriceTier') return props.tiers.find((t) => t.id === v.product_price_tier_id)?.name ?? '—';
    const value = (v as Record<string, unknown>)[key];
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (key === 'service_start') return value ? formatDate(dayjs(value as string).format('YYYY-MM-DD')) : '—';
    if (key === 'state') return String(value || 'TX');
    // empty is no limit
    if (key === 'credit_limit')
      return value === null || value === undefined || value === '' ? 'No limit' : formatMoney(Number(value));
    return value === null || value === undefined || value === '' ? '—' : String(value);
  };
  const { feature } = useSession();
  const rows = CUSTOMER_FIELD_LABELS.filter(([k]) => {
    if (k === 'productPriceTier') return feature('tiered_pricing');
    if (k === 'fintech_id') return !!v?.fintech_option;
    return true;
  });
  return (
    <Modal
      open={!!v}
      title={props.isNew ? 'Create this customer?' : 'Save these changes?'}
      okText={props.isNew ? 'Yes, Create' : 'Yes, Save'}
      cancelText="Go Back"
      onOk={props.onConfirm}
      onCancel={props.onCancel}
      okButtonProps={{ loading: props.saving }}
      width={560}
    >
      <Descriptions column={1} size="small" bordered data-testid="confirm-fields">
        {rows.map(([k, label]) => (
          <Descriptions.Item key={k} label={label}>
            {show(k)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Modal>
  );
}
