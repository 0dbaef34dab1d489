import { formatDate } from '@dbo/domain/dates';
import { customerDelinquency } from '@dbo/domain/endpoints/delinquency';
import { formatMoney } from '@dbo/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { type Answer, endpointQuery } from './endpoints';
import { queryKeys } from './query-keys';

/** A customer's standing under the Texas credit law: the customer page and the invoice builder both warn with it. */
export type CustomerDelinquency = Answer<typeof customerDelinquency>;

export function useCustomerDelinquency(customerId: number | null | undefined) {
  return useQuery({
    ...endpointQuery(queryKeys.customers.delinquency(customerId ?? 0), customerDelinquency, {
      params: { id: customerId ?? 0 },
    }),
    enabled: !!customerId,
    staleTime: 0,
  });
}

/**
 * The credit-law alert of a delinquent customer: the unpaid invoices that make the account
 * delinquent (links to them where `linkInvoices`), then what the screen adds (`footer`).
 */
export function CreditLawAlert(props: {
  standing: CustomerDelinquency;
  testId: string;
  linkInvoices?: boolean;
  footer: ReactNode;
  style?: CSSProperties;
}) {
  const { standing } = props;
  return (
    <Alert
      type="error"
      showIcon
      style={props.style}
      data-testid={props.testId}
      title={`Delinquent under the Texas credit law: ${formatMoney(standing.amount)} unpaid`}
      description={
        <>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {standing.invoices.map((i) => (
              <li key={i.id}>
                {props.linkInvoices ? (
                  <Link to={`/invoice/${i.display_number}`}>Invoice {i.display_number}</Link>
                ) : (
                  `Invoice ${i.display_number}`
                )}{' '}
                of {formatDate(i.invoiced_at)}, due {formatDate(i.due_at)}: {formatMoney(i.owing)}
              </li>
            ))}
          </ul>
          {props.footer}
        </>
      }
    />
  );
}
