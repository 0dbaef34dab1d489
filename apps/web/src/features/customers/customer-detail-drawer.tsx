import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Descriptions, Drawer, Flex, Tag } from 'antd';
import { useSession } from '../../lib/session';
import { type Customer, useCustomerOwing } from './api';
import { CreditLawStanding, DelinquencyTags } from './credit-law';
import { PermitWarnings } from './permit-warnings';
import { ButtonLink } from '../../lib/button-link';

/** The side detail panel of the customer grid. */
export function CustomerDetailDrawer({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const { feature, can } = useSession();
  const owing = useCustomerOwing(customer?.id);
  return (
    <Drawer open={!!customer} onClose={onClose} title={customer?.name} size={460} destroyOnHidden>
      {customer && (
        <>
          <DelinquencyTags delinquent={customer.delinquent} tabc_delinquent={customer.tabc_delinquent} />
          <CreditLawStanding customerId={customer.id} />
          <PermitWarnings customerId={customer.id} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Address">
              {customer.address}, {customer.city}, {customer.state} {customer.zip}
            </Descriptions.Item>
            <Descriptions.Item label="TABC ID">{customer.tabc_id}</Descriptions.Item>
            <Descriptions.Item label="Contact">{customer.contact_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="Email">{customer.contact_email || '—'}</Descriptions.Item>
            <Descriptions.Item label="Phone">{customer.contact_phone || '—'}</Descriptions.Item>
            <Descriptions.Item label="Cash On Delivery">{customer.cash_on_delivery ? 'Yes' : 'No'}</Descriptions.Item>
            <Descriptions.Item label="Credit Limit">
              {customer.credit_limit == null ? 'No limit' : formatMoney(customer.credit_limit)}
            </Descriptions.Item>
            {feature('fintech') && (
              <Descriptions.Item label="Fintech">
                {customer.fintech_option ? `On (${customer.fintech_id})` : 'Off'}
              </Descriptions.Item>
            )}
            {feature('tiered_pricing') && (
              <Descriptions.Item label="Price Tier">
                {customer.productPriceTier ? (
                  <Tag color={customer.productPriceTier.color}>{customer.productPriceTier.name}</Tag>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="Service Start">{formatDate(customer.service_start) || '—'}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatDate(customer.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Owing">
              {owing.data ? formatMoney(owing.data.owing) : owing.isError ? '—' : '…'}
            </Descriptions.Item>
          </Descriptions>
          <Flex gap={8} wrap style={{ marginTop: 16 }}>
            <ButtonLink to={`/customer/${customer.id}/edit`} type="primary">
              Edit
            </ButtonLink>
            <ButtonLink to={`/customer/${customer.id}/balance`}>Balance</ButtonLink>
            <ButtonLink to={`/customer/${customer.id}/receivables`}>Receivables</ButtonLink>
            {feature('order') && <ButtonLink to={`/customer/${customer.id}/user`}>Users</ButtonLink>}
            {(can('invoice.create') || can('invoice.draft')) && (
              <ButtonLink to={`/invoice/create?customerId=${customer.id}`}>New Invoice</ButtonLink>
            )}
            <ButtonLink to={`/invoice?customerId=${customer.id}`}>Invoices</ButtonLink>
          </Flex>
        </>
      )}
    </Drawer>
  );
}
