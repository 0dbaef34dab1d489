import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import { useCustomerDelinquency } from './api';

/** The customer's badges: delinquent with us (credit law) and on the TABC delinquent list. */
export function DelinquencyTags({ delinquent, tabc_delinquent }: { delinquent?: boolean; tabc_delinquent?: boolean }) {
  return (
    <>
      {delinquent && (
        <Tag color="red" data-testid="delinquent-badge">
          Delinquent
        </Tag>
      )}
      {tabc_delinquent && (
        <Tag color="volcano" data-testid="tabc-delinquent-badge">
          TABC delinquent list
        </Tag>
      )}
    </>
  );
}

/** The customer page's credit-law alert: the unpaid invoices that make the account delinquent. */
export function CreditLawStanding({ customerId }: { customerId: number }) {
  const { data } = useCustomerDelinquency(customerId);
  if (!data?.delinquent) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="credit-law-standing"
      title={`Delinquent under the Texas credit law: ${formatMoney(data.amount)} unpaid`}
      description={
        <>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {data.invoices.map((i) => (
              <li key={i.id}>
                <Link to={`/invoice/${i.display_number}`}>Invoice {i.display_number}</Link> of{' '}
                {formatDate(i.invoiced_at)}, due {formatDate(i.due_at)}: {formatMoney(i.owing)}
              </li>
            ))}
          </ul>
          Liquor and wine cannot be sold until these are paid.{' '}
          <Link to="/customer/delinquent">All delinquent accounts</Link>
        </>
      }
    />
  );
}
