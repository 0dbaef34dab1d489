import { Tag } from 'antd';
import { Link } from 'react-router';
import { CreditLawAlert, useCustomerDelinquency } from '../../lib/credit-law';

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
    <CreditLawAlert
      standing={data}
      testId="credit-law-standing"
      linkInvoices
      style={{ marginBottom: 16 }}
      footer={
        <>
          Liquor and wine cannot be sold until these are paid.{' '}
          <Link to="/customer/delinquent">All delinquent accounts</Link>
        </>
      }
    />
  );
}
