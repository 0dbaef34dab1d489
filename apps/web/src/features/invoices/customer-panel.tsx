import { permitWarnings } from '@dbo/domain/customer';
import { formatDate } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import { Alert, Flex, type RefSelectProps, Select, Typography } from 'antd';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { type CustomerLite, useCustomerOwing, useCustomerPermit, useCustomerReceivable, useCustomers } from './api';
import { CreditLawAlert, useCustomerDelinquency } from '../../lib/credit-law';

export function CustomerSelect({
  value,
  onChange,
  extra,
  selectRef,
  autoFocus,
}: {
  autoFocus?: boolean;
  value: number | null;
  onChange: (c: CustomerLite | null) => void;
  /** the invoice's own customer when it is not in the list (deleted) */
  extra?: CustomerLite | null;
  selectRef?: Ref<RefSelectProps>;
}) {
  const { data = [], isLoading, refetch } = useCustomers();
  const list = extra && !data.some((c) => c.id === extra.id) ? [extra, ...data] : data;
  return (
    <Select
      ref={selectRef}
      autoFocus={autoFocus}
      showSearch={{
        filterOption: (input, opt) => String(opt?.search ?? '').includes(input.toLowerCase()),
      }}
      aria-label="Customer"
      data-testid="customer-select"
      placeholder="Pick a customer: type a name, city or permit"
      style={{ width: '100%' }}
      size="large"
      loading={isLoading}
      // a customer added in another tab shows up the next time the list opens
      onOpenChange={(open) => open && void refetch()}
      value={value ?? undefined}
      onChange={(id) => onChange(list.find((c) => c.id === id) ?? null)}
      options={list.map((c) => ({
        value: c.id,
        search: `${c.name} ${c.tabc_id ?? ''} ${c.city ?? ''} ${c.id}`.toLowerCase(),
        label: (
          <Flex justify="space-between" gap={12}>
            <span>{c.name}</span>
            <Typography.Text type="secondary">
              {c.tabc_id} · {c.city}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}

/** Warnings for the chosen customer: deleted, permit, delinquent list, unpaid balance. */
export function CustomerWarnings({ customer }: { customer: CustomerLite }) {
  const deleted = !!(customer.deleted || customer.deleted_at);
  const permit = useCustomerPermit(customer.id, !deleted);
  const balance = useCustomerOwing(customer.id, !deleted);
  const credit = useCustomerDelinquency(deleted ? null : customer.id);
  // receivables: open balance (less on-account credit) against the customer's credit limit
  const receivable = useCustomerReceivable(customer.id, !deleted);
  const limit = receivable.data?.credit_limit ?? null;
  const p = permit.data;
  const owing = balance.data ? toCents(balance.data.owing ?? 0) : 0;
  const late = credit.data?.delinquent ? credit.data : null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="customer-warnings">
      {deleted && <Alert type="error" showIcon title="Deleted customer!" />}
      {late && (
        <CreditLawAlert
          standing={late}
          testId="credit-law-delinquent"
          footer="Liquor and wine cannot be sold to this customer until these are paid."
        />
      )}
      {permitWarnings(p).map((w) => (
        <Alert
          key={w.level}
          type={w.level === 'expired' ? 'error' : 'warning'}
          showIcon
          data-testid={`permit-${w.level}`}
          title={
            w.level === 'delinquent' && p?.delinquency?.effective_date
              ? `${w.text} since ${formatDate(p.delinquency.effective_date)}`
              : w.level === 'expired' && p?.expiration_date
                ? `${w.text} (${formatDate(p.expiration_date)})`
                : w.text
          }
        />
      ))}
      {limit !== null && receivable.data && (
        <Alert
          type={receivable.data.balance >= limit ? 'warning' : 'info'}
          showIcon
          data-testid="credit-limit"
          title={`Balance ${formatMoney(receivable.data.balance)} of a ${formatMoney(limit)} credit limit (available ${formatMoney(Math.max(limit - receivable.data.balance, 0))})`}
        />
      )}
      {owing > 0 && (
        <Alert
          type="info"
          showIcon
          title={
            <span>
              Unpaid balance: <strong>{formatMoney(owing / 100)}</strong>{' '}
              <Link to={`/customer/${customer.id}/balance`}>View balance</Link>
            </span>
          }
        />
      )}
    </Flex>
  );
}
