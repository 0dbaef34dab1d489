import { PRICE_TIER_COLORS, PRICE_TIER_DEFAULTS, priceTierSchema } from '@dbo/domain/pricing';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessages } from '../../lib/api';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { ErrorAlert } from '../../lib/form-parts';
import { zodRule, validValues } from '../../lib/zod-form';
import { type PriceTier, usePriceTiers, useRemoveTier, useSaveTier } from './api';

interface TierForm {
  name: string;
  percentage: number;
  color: string;
}

const colorOptions = PRICE_TIER_COLORS.map((c) => ({
  value: c,
  label: (
    <Tag color={c} style={{ marginInlineEnd: 0 }}>
      {c}
    </Tag>
  ),
}));

/** Price tiers: a percentage over the base price, assigned per customer. */
export function PriceTierManager() {
  const { message } = App.useApp();
  const tiers = usePriceTiers();
  const save = useSaveTier();
  const remove = useRemoveTier();
  const [form] = Form.useForm<TierForm>();
  const [editing, setEditing] = useState<{ open: boolean; tier: PriceTier | null }>({ open: false, tier: null });
  const [removing, setRemoving] = useState<PriceTier | null>(null);
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<string[]>([]);
  // a tier edited and not saved asks before the page is left (issue 30)
  const unsaved = useFormUnsaved(editing.open);
  const closeForm = () => {
    unsaved.discard();
    setEditing({ open: false, tier: null });
  };
  const list = tiers.data ?? [];
  const base = list.find((t) => t.is_base_tier);

  const openForm = (tier: PriceTier | null) => {
    setErrors([]);
    unsaved.discard();
    form.setFieldsValue(
      tier
        ? { name: tier.name, percentage: tier.percentage, color: tier.color }
        : {
            name:
              list.length <= 1 ? PRICE_TIER_DEFAULTS.name : `Tier ${list.filter((t) => !t.is_base_tier).length + 1}`,
            percentage: PRICE_TIER_DEFAULTS.percentage,
            color: PRICE_TIER_DEFAULTS.color,
          },
    );
    setEditing({ open: true, tier });
  };

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setErrors([]);
    try {
      await save.mutateAsync({ id: editing.tier?.id, body: values });
      message.success(editing.tier ? 'Tier saved' : 'Tier created');
      unsaved.saved();
      setEditing({ open: false, tier: null });
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setErrors([]);
    try {
      const res = await remove.mutateAsync({ id: removing.id, migrating_price_tier_id: target });
      message.success(`Tier removed; ${res?.migrated_customers ?? 0} customer(s) moved`);
      setRemoving(null);
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  return (
    <div data-testid="price-tier-manager">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={12} wrap>
        <Typography.Text type="secondary">
          A tier prices products at the base price plus its percentage. Customers without a tier are on the base tier.
        </Typography.Text>
        <Button type="primary" onClick={() => openForm(null)}>
          New Tier
        </Button>
      </Flex>
      {tiers.error && <ErrorAlert title="Error loading price tiers" errors={errorMessages(tiers.error)} />}
      <Table<PriceTier>
        size="small"
        rowKey="id"
        loading={tiers.isLoading}
        dataSource={list}
        pagination={false}
        columns={[
          {
            title: 'Tier',
            dataIndex: 'name',
            render: (v: string, t) => (
              <Flex gap={6} align="center">
                <Tag color={t.color}>{v}</Tag>
                {t.is_base_tier && <Typography.Text type="secondary">base tier</Typography.Text>}
              </Flex>
            ),
          },
          {
            title: 'Percentage',
            dataIndex: 'percentage',
            render: (v: number) => `${v > 0 ? '+' : ''}${v}%`,
          },
          { title: 'Customers', dataIndex: 'customer_count' },
          {
            title: '',
            key: 'actions',
            align: 'right',
            render: (_, t) =>
              t.is_base_tier ? (
                <Typography.Text type="secondary">Not editable</Typography.Text>
              ) : (
                <Flex gap={8} justify="end">
                  <Button size="small" onClick={() => openForm(t)}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={list.length <= 1}
                    onClick={() => {
                      setErrors([]);
                      setTarget(base?.id);
                      setRemoving(t);
                    }}
                  >
                    Remove
                  </Button>
                </Flex>
              ),
          },
        ]}
      />

      <Modal
        open={editing.open}
        title={editing.tier ? `Edit ${editing.tier.name}` : 'New Tier'}
        okText={editing.tier ? 'Save' : 'Create Tier'}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={closeForm}
        destroyOnHidden
        forceRender
      >
        {errors.length > 0 && editing.open && <ErrorAlert title="Error saving tier!" errors={errors} gap={12} />}
        <Form form={form} layout="vertical" onValuesChange={unsaved.changed}>
          <Form.Item label="Name" name="name" rules={[zodRule(priceTierSchema, 'name')]}>
            <Input />
          </Form.Item>
          <Form.Item
            label="Percentage over base price"
            name="percentage"
            rules={[zodRule(priceTierSchema, 'percentage')]}
          >
            <InputNumber suffix="%" step={0.5} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Color" name="color" rules={[zodRule(priceTierSchema, 'color')]}>
            <Select options={colorOptions} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={!!removing}
        title={`Remove ${removing?.name ?? ''}?`}
        okText="Remove"
        okButtonProps={{ danger: true }}
        confirmLoading={remove.isPending}
        onOk={confirmRemove}
        onCancel={() => setRemoving(null)}
        destroyOnHidden
      >
        {errors.length > 0 && removing && <ErrorAlert title="Error removing tier!" errors={errors} gap={12} />}
        <Typography.Paragraph>
          {removing?.customer_count ?? 0} customer(s) are on this tier. Move them to:
        </Typography.Paragraph>
        <Select
          style={{ width: '100%' }}
          value={target}
          onChange={setTarget}
          placeholder="Base tier"
          aria-label="Move customers to"
          options={list
            .filter((t) => t.id !== removing?.id)
            .map((t) => ({ value: t.id, label: `${t.name} (${t.percentage > 0 ? '+' : ''}${t.percentage}%)` }))}
        />
      </Modal>
    </div>
  );
}
