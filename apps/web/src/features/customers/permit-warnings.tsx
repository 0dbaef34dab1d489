import { permitWarnings } from '@dbo/domain/customer';
import { formatDate } from '@dbo/domain/dates';
import { Alert, Flex } from 'antd';
import { useTabcExpiration } from './api';

/** Expired permit, permit expiring in under 30 days, or the customer on the TABC delinquent list. */
export function PermitWarnings({ customerId }: { customerId: number }) {
  const { data } = useTabcExpiration(customerId);
  const warnings = permitWarnings(data);
  if (!data || !warnings.length) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="permit-warnings">
      {warnings.map((w) => (
        <Alert
          key={w.level}
          type={w.level === 'expiring' ? 'warning' : 'error'}
          showIcon
          title={w.text}
          description={
            w.level === 'delinquent'
              ? `On the delinquent list since ${formatDate(data.delinquency?.effective_date)}. Sell only for cash.`
              : data.expiration_date
                ? `Expiration date: ${formatDate(data.expiration_date)}`
                : undefined
          }
        />
      ))}
    </Flex>
  );
}
