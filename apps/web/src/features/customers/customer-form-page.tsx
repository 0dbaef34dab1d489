import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { CUSTOMER_MSG, buildTabcId, customerSchema, isPermitCode, tabcIdFromAims } from '@dbo/domain/customer';
import {
  App,
  Button,
  Card,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { ApiError, errorMessages } from '../../lib/api';
import { ErrorAlert, FieldCol, ListAlert, SwitchCol } from '../../lib/form-parts';
import { Page } from '../../lib/page';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { zodRule } from '../../lib/zod-form';
import {
  type Customer,
  type Establishment,
  useCustomer,
  usePriceTiers,
  useRemoveCustomer,
  useSaveCustomer,
} from './api';
import { ConfirmDialog } from './customer-confirm-dialog';
import { type CustomerFormValues as FormValues, EMPTY, toForm, toPayload } from './customer-form-values';
import { EstablishmentSearch } from './establishment-search';
import { PermitWarnings } from './permit-warnings';
import { ButtonLink } from '../../lib/button-link';

export default function CustomerFormPage() {
  const params = useParams();
  const id = params.customerId ? Number(params.customerId) : undefined;
  const loaded = useCustomer(id);
  if (id && loaded.isLoading) return <Skeleton active />;
  if (id && loaded.error) {
    if (loaded.error instanceof ApiError && loaded.error.status === 404)
      return (
        <Result
          status="404"
          title="Customer Not Found"
          extra={<ButtonLink to="/customer">Back to customers</ButtonLink>}
        />
      );
    return <ErrorAlert title={`Error loading customer #${id}`} errors={errorMessages(loaded.error)} />;
  }
  return <CustomerForm key={id ?? 'new'} customer={id ? loaded.data : undefined} />;
}

function CustomerForm({ customer }: { customer?: Customer }) {
  const [form] = Form.useForm<FormValues>();
  const { feature } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveCustomer(customer?.id);
  const remove = useRemoveCustomer(customer?.id ?? 0);
  const tiers = usePriceTiers(feature('tiered_pricing'));
  const [confirm, setConfirm] = useState<FormValues | null>(null);
  const [saveErrors, setSaveErrors] = useState<string[] | null>(null);
  const [removeError, setRemoveError] = useState<string[] | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const unsaved = useFormUnsaved();
  const fintechOn = Form.useWatch('fintech_option', form);
  const aimsType = Form.useWatch('aims_license_type', form);
  const aimsId = Form.useWatch('aims_id', form);
  const tabcField = Form.useWatch('tabc_id', form);
  const builtTabc = buildTabcId({ aims_license_type: aimsType, aims_id: aimsId, tabc_id: tabcField });
  const fromAims = tabcIdFromAims({ aims_license_type: aimsType, aims_id: aimsId });

  useEffect(() => {
    form.setFieldsValue(customer ? toForm(customer) : EMPTY);
  }, [customer, form]);

  const fill = (e: Establishment) => {
    form.setFieldsValue({
      name: e.name,
      address: e.address,
      city: e.city,
      state: e.state || 'TX',
      zip: e.zip,
      tabc_id: e.tabc_id,
      aims_license_type: e.aims_license_type,
      aims_id: e.aims_id,
    });
    unsaved.changed();
    void form.validateFields(['name', 'address', 'city', 'zip', 'tabc_id']).catch(() => undefined);
    message.success(`Filled from ${e.name} (${e.tabc_id})`);
  };

  const onFinish = (v: FormValues) => {
    setSaveErrors(null);
    setConfirm(v);
  };

  const doSave = async () => {
    if (!confirm) return;
    try {
      const saved = await save.mutateAsync(toPayload(confirm));
      setConfirm(null);
      unsaved.saved();
      message.success(customer ? 'Customer saved' : `Customer ${saved.name} created`);
      navigate('/customer');
    } catch (err) {
      setConfirm(null);
      setSaveErrors(errorMessages(err));
    }
  };

  const doRemove = async () => {
    setRemoveError(null);
    try {
      await remove.mutateAsync();
      // the customer is gone: nothing left to save
      unsaved.saved();
      setRemoveOpen(false);
      message.success('Customer removed');
      navigate('/customer');
    } catch (err) {
      setRemoveOpen(false);
      setRemoveError(errorMessages(err));
    }
  };

  const rule = (f: string) => [zodRule(customerSchema, f)];
  const tabcRule = {
    validator: async () => {
      const v = form.getFieldsValue(true);
      const t = buildTabcId(v);
      if (!t) throw new Error(CUSTOMER_MSG.tabcId);
      if (!tabcIdFromAims(v) && !isPermitCode(t)) throw new Error(CUSTOMER_MSG.tabcFormat);
    },
  };
  const fintechRule = {
    validator: async () => {
      const v = form.getFieldsValue(true);
      if (v.fintech_option && !String(v.fintech_id ?? '').trim()) throw new Error(CUSTOMER_MSG.fintechId);
    },
  };

  return (
    <Page
      title={customer ? `Edit ${customer.name}` : 'New Customer'}
      actions={
        customer && (
          <>
            <ButtonLink to={`/customer/${customer.id}/balance`}>Balance</ButtonLink>
            {feature('order') && <ButtonLink to={`/customer/${customer.id}/user`}>Users</ButtonLink>}
            <Button danger icon={<DeleteOutlined />} onClick={() => setRemoveOpen(true)}>
              Remove
            </Button>
          </>
        )
      }
    >
      {customer && <PermitWarnings customerId={customer.id} />}
      {saveErrors && (
        <ListAlert
          type="error"
          closable={{ onClose: () => setSaveErrors(null) }}
          title="Error saving customer!"
          items={saveErrors}
        />
      )}
      {removeError && <ErrorAlert title="Error removing customer" errors={removeError} gap={16} />}
      {!customer && (
        <Card title="Find the establishment" size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            Search the TABC permit data and pick the establishment to fill the form, or fill it in by hand below.
          </Typography.Paragraph>
          <EstablishmentSearch onPick={fill} />
        </Card>
      )}
      <Card>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={unsaved.changed}
          requiredMark
          initialValues={EMPTY}
        >
          <Row gutter={16}>
            <FieldCol xs={24} md={12} label="Name" name="name" rules={rule('name')} required>
              <Input />
            </FieldCol>
            <FieldCol xs={24} md={12} label="Address" name="address" rules={rule('address')} required>
              <Input />
            </FieldCol>
            <FieldCol xs={24} md={8} label="City" name="city" rules={rule('city')} required>
              <Input />
            </FieldCol>
            <FieldCol xs={12} md={8} label="State" name="state" required>
              <Input maxLength={32} />
            </FieldCol>
            <FieldCol xs={12} md={8} label="Zip" name="zip" rules={rule('zip')} required>
              <Input />
            </FieldCol>
          </Row>
          <Divider titlePlacement="start">TABC permit</Divider>
          <Row gutter={16}>
            <FieldCol
              xs={24}
              md={8}
              label="TABC ID"
              name="tabc_id"
              rules={[tabcRule]}
              dependencies={['aims_license_type', 'aims_id']}
              required
              extra={fromAims ? `Built from the AIMS fields: ${builtTabc}` : 'Two letters, optional hyphen, six digits'}
            >
              <Input placeholder="MB-123456" disabled={fromAims} />
            </FieldCol>
            <FieldCol xs={12} md={8} label="AIMS License Type" name="aims_license_type">
              <Input placeholder="MB" maxLength={8} />
            </FieldCol>
            <FieldCol xs={12} md={8} label="AIMS ID" name="aims_id">
              <InputNumber style={{ width: '100%' }} min={0} precision={0} />
            </FieldCol>
          </Row>
          <Divider titlePlacement="start">Contact</Divider>
          <Row gutter={16}>
            <FieldCol xs={24} md={8} label="Contact Name" name="contact_name">
              <Input />
            </FieldCol>
            <FieldCol xs={24} md={8} label="Contact Email" name="contact_email" rules={rule('contact_email')}>
              <Input type="email" />
            </FieldCol>
            <FieldCol xs={24} md={8} label="Contact Phone" name="contact_phone">
              <Input />
            </FieldCol>
          </Row>
          <Divider titlePlacement="start">Terms</Divider>
          <Row gutter={16}>
            <SwitchCol xs={12} md={6} label="Cash On Delivery" name="cash_on_delivery" />
            <FieldCol
              xs={12}
              md={6}
              label="Credit Limit"
              name="credit_limit"
              extra="Empty: no limit"
              rules={rule('credit_limit')}
            >
              {/* no min: a negative limit is refused with a message, not silently made 0 */}
              <InputNumber step={100} precision={2} prefix="$" style={{ width: '100%' }} />
            </FieldCol>
            <SwitchCol xs={12} md={6} label="Fintech Option" name="fintech_option" />
            <FieldCol
              xs={24}
              md={12}
              label="Fintech ID"
              name="fintech_id"
              rules={[fintechRule]}
              dependencies={['fintech_option']}
              hidden={!fintechOn}
            >
              <Input />
            </FieldCol>
            {feature('tiered_pricing') && (
              <FieldCol xs={24} md={12} label="Price Tier" name="product_price_tier_id">
                <Select
                  allowClear
                  placeholder="Base price"
                  loading={tiers.isLoading}
                  options={(tiers.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.percentage}%)` }))}
                />
              </FieldCol>
            )}
            <FieldCol xs={24} md={12} label="Service Start" name="service_start">
              <DatePicker style={{ width: '100%' }} format="DD MMM, YYYY" />
            </FieldCol>
          </Row>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {customer ? 'Save Customer' : 'Create Customer'}
          </Button>
          <ButtonLink to="/customer" style={{ marginLeft: 12 }}>
            Cancel
          </ButtonLink>
        </Form>
      </Card>
      <ConfirmDialog
        values={confirm}
        form={form}
        tiers={tiers.data ?? []}
        saving={save.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={doSave}
        isNew={!customer}
      />
      <Modal
        open={removeOpen}
        title={`Remove ${customer?.name ?? 'customer'}?`}
        okText="Remove"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={doRemove}
        onCancel={() => setRemoveOpen(false)}
      >
        The customer leaves your lists. Its invoices stay and show &lsquo;Deleted customer!&rsquo;.
      </Modal>
    </Page>
  );
}
