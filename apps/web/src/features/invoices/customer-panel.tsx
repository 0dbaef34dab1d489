import { DEFAULTS } from '@dbo/domain/constants';
import { formatDate } from '@dbo/domain/dates';
import { formatMoney, toCents } from '@dbo/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Select, Typography } from 'antd';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { http } from '../../lib/api';

export interface CustomerLite {
  id: number;
  name: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  tabc_id?: string;
  cash_on_delivery?: boolean;
  deleted_at?: string | null;
  [key: string]: any;
}

export function useCustomers() {
  return useQuery({
    queryKey: ['customer', 'list'],
    queryFn: () => http.get<any>('/customer'),
    select: (res): CustomerLite[] => (Array.isArray(res) ? res : (res?.customers ?? res?.rows ?? [])),
  });
}

export function CustomerSelect({
  value,
  onChange,
  extra,
  selectRef,
}: {
  value: number | null;
  onChange: (c: CustomerLite | null) => void;
  /** the invoice's own customer when it is not in the list (deleted) */
  extra?: CustomerLite | null;
  selectRef?: Ref<any>;
}) {
  const { data = [], isLoading } = useCustomers();
  const list = extra && !data.some((c) => c.id === extra.id) ? [extra, ...data] : data;
  return (
    <Select
      ref={selectRef}
      showSearch={{
        filterOption: (input, opt) => String(opt?.search ?? '').includes(input.toLowerCase()),
      }}
      aria-label="Customer"
      data-testid="customer-select"
      placeholder="Pick a customer: type a name, city or permit"
      style={{ width: '100%' }}
      size="large"
      loading={isLoading}
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
  const permit = useQuery({
    queryKey: ['customer', customer.id, 'tabc-expiration'],
    queryFn: () => http.get<any>(`/customer/${customer.id}/tabc-expiration`),
    enabled: !deleted,
    retry: false,
  });
  const balance = useQuery({
    queryKey: ['customer', customer.id, 'check-balance'],
    queryFn: () => http.get<{ owing: number | string }>(`/customer/${customer.id}/check-balance`),
    enabled: !deleted,
    retry: false,
    staleTime: 0,
  });
  const p = permit.data;
  const owing = balance.data ? toCents(balance.data.owing ?? 0) : 0;
  const days = p?.expiringInDays != null ? Number(p.expiringInDays) : null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="customer-warnings">
      {deleted && <Alert type="error" showIcon title="Deleted customer!" />}
      {p?.isExpired && (
        <Alert
          type="error"
          showIcon
          title={`TABC permit ${customer.tabc_id ?? ''} expired${p.expiration_date ? ` on ${formatDate(p.expiration_date)}` : ''}`}
        />
      )}
      {!p?.isExpired && days != null && days < DEFAULTS.permitWarningDays && (
        <Alert
          type="warning"
          showIcon
          title={`TABC permit ${customer.tabc_id ?? ''} expires in ${days} day${days === 1 ? '' : 's'}${p?.expiration_date ? ` (${formatDate(p.expiration_date)})` : ''}`}
        />
      )}
      {p?.delinquency && (
        <Alert
          type="warning"
          showIcon
          title={`This customer is on the TABC delinquent list${p.delinquency.effective_date ? ` since ${formatDate(p.delinquency.effective_date)}` : ''}: sell for cash only.`}
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
