import { COMPANY_MSG, type CompanyInput, companySchema } from '@dbo/domain/company';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@dbo/domain/constants';
import { Alert, App, Button, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { errorMessages } from '../../lib/api';
import { FieldCol, ListAlert, SwitchCol } from '../../lib/form-parts';
import { zodRule } from '../../lib/zod-form';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { useSaveCompany } from './api';

const FIELDS = [
  'name',
  'address',
  'city',
  'state',
  'zip',
  'tabc_id',
  'has_fintech',
  'fintech_id',
  'show_prices',
  'allow_backorders',
  'sort_inv_products',
  'default_invoice_note',
  'starting_invoice_number',
  'subdomain',
  'default_invoice_status',
  'default_logo_id',
  'cash_on_delivery',
  'stamp_threshold',
  'tax_rate',
] as const;

export function CompanyForm() {
  const { user, feature, refresh, can } = useSession();
  // only the owner changes company settings (the permission table): the others read them
  const editable = can('company.edit');
  const company = user!.company;
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<string[]>([]);
  const unsaved = useFormUnsaved();
  const [search] = useSearchParams();
  const orderActive = feature('order');
  const schema = useMemo(() => companySchema({ orderActive }), [orderActive]);
  const hasFintech = Form.useWatch('has_fintech', form);
  const save = useSaveCompany(company.id, () => {
    void refresh();
  });

  const initial = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, company[f]])), [company]);

  // ?focus_field=threshold (the low-stamp warning) or subdomain (after activating Online Ordering)
  const focusField = search.get('focus_field');
  useEffect(() => {
    const id =
      focusField === 'threshold' ? 'company_stamp_threshold' : focusField === 'subdomain' ? 'company_subdomain' : null;
    if (!id) return;
    const el = document.getElementById(id) as HTMLInputElement | null;
    el?.scrollIntoView({ block: 'center' });
    el?.focus();
  }, [focusField, orderActive]);
  const subdomainNeeded = focusField === 'subdomain' && orderActive && !company.subdomain;

  const rule = (f: string) => [zodRule(schema, f)];
  const onFinish = async (values: CompanyInput) => {
    setErrors([]);
    try {
      await save.mutateAsync({ ...initial, ...values });
      unsaved.saved();
      message.success('Company saved');
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };

  return (
    <Form
      form={form}
      name="company"
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      onValuesChange={unsaved.changed}
      requiredMark={false}
      disabled={!editable}
    >
      {!editable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Your role (${user?.role}) cannot change company settings; the owner can.`}
        />
      )}
      {errors.length > 0 && <ListAlert type="error" title="Error saving company!" items={errors} />}
      <Row gutter={16}>
        <FieldCol xs={24} md={12} label="Company Name" name="name" rules={rule('name')}>
          <Input />
        </FieldCol>
        <FieldCol xs={24} md={12} label="TABC ID" name="tabc_id" rules={rule('tabc_id')}>
          <Input placeholder="LP123456" />
        </FieldCol>
        <FieldCol xs={24} label="Address" name="address" rules={rule('address')}>
          <Input />
        </FieldCol>
        <FieldCol xs={24} md={10} label="City" name="city" rules={rule('city')}>
          <Input />
        </FieldCol>
        <FieldCol xs={12} md={6} label="State" name="state" rules={rule('state')}>
          <Input />
        </FieldCol>
        <FieldCol xs={12} md={8} label="Zip" name="zip" rules={rule('zip')}>
          <Input />
        </FieldCol>
      </Row>
      <Divider titlePlacement="start">Invoicing</Divider>
      <Row gutter={16}>
        <FieldCol xs={12} md={6} label="Tax Rate (%)" name="tax_rate" rules={rule('tax_rate')}>
          <InputNumber style={{ width: '100%' }} step={0.25} />
        </FieldCol>
        <FieldCol xs={12} md={6} label="Stamp Threshold" name="stamp_threshold" rules={rule('stamp_threshold')}>
          <InputNumber style={{ width: '100%' }} />
        </FieldCol>
        <FieldCol
          xs={12}
          md={6}
          label="Starting Invoice Number"
          name="starting_invoice_number"
          rules={rule('starting_invoice_number')}
        >
          <InputNumber style={{ width: '100%' }} />
        </FieldCol>
        <FieldCol
          xs={12}
          md={6}
          label="Default Invoice Status"
          name="default_invoice_status"
          rules={rule('default_invoice_status')}
        >
          <Select options={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))} />
        </FieldCol>
        <FieldCol xs={24} label="Default Invoice Note" name="default_invoice_note">
          <Input.TextArea rows={2} />
        </FieldCol>
        <SwitchCol xs={12} md={6} label="Cash on Delivery" name="cash_on_delivery" />
        <SwitchCol xs={12} md={6} label="Sort Invoice Products" name="sort_inv_products" />
        <SwitchCol xs={12} md={6} label="Fintech" name="has_fintech" />
        {hasFintech && (
          <FieldCol xs={12} md={6} label="Fintech ID" name="fintech_id" rules={rule('fintech_id')}>
            <Input />
          </FieldCol>
        )}
      </Row>
      {orderActive && (
        <>
          <Divider titlePlacement="start">Online Ordering</Divider>
          {subdomainNeeded && (
            <Alert
              type="info"
              showIcon
              data-testid="subdomain-needed"
              title="Online Ordering needs a subdomain"
              description={`Your customers order at this subdomain. Choose it and save the company: until then saving says '${COMPANY_MSG.subdomain}'.`}
              style={{ marginBottom: 16 }}
            />
          )}
          <Row gutter={16}>
            <FieldCol
              xs={24}
              md={12}
              label="Subdomain"
              name="subdomain"
              rules={rule('subdomain')}
              extra="Your customers order at this subdomain"
            >
              <Input />
            </FieldCol>
            <SwitchCol xs={24} md={12} label="Show Prices" name="show_prices" />
            <SwitchCol
              xs={24}
              md={12}
              label="Allow backorders"
              name="allow_backorders"
              extra="Off: customers may order at most the stock on hand (with inventory on)"
            />
          </Row>
        </>
      )}
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Company
        </Button>
      )}
    </Form>
  );
}
