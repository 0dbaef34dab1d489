import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Card, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useFirstRunCounts, useLogos } from './api';

export interface ChecklistStep {
  key: string;
  label: string;
  done: boolean;
  to: string;
}

/**
 * The first-run checklist of a new company (issue 36): the steps to a first invoice, each ticked by
 * what the company already has (read from the screens' own data, so it ticks itself), each a link
 * to where it is done. It goes away once every step is done.
 */
export function FirstRunChecklist() {
  const { user, can } = useSession();
  const company = user?.company;
  const logos = useLogos();
  const { rolls, customers, products, invoices } = useFirstRunCounts({
    stamps: can('stamp.read'),
    customers: can('customer.read'),
    products: can('product.read'),
    invoices: can('invoice.read'),
  });
  const loading = [logos, rolls, customers, products, invoices].some((q) => q.isLoading);
  if (!company || !can('company.edit') || loading) return null;

  const steps: ChecklistStep[] = [
    {
      key: 'company',
      label: 'Company details (address, permit)',
      done: !!(company.address && company.city && company.zip && company.tabc_id),
      to: '/setting#company',
    },
    { key: 'logo', label: 'Company logo', done: (logos.data?.length ?? 0) > 0, to: '/setting#logos' },
    { key: 'roll', label: 'First stamp roll', done: (rolls.data?.length ?? 0) > 0, to: '/stamp/roll' },
    { key: 'customer', label: 'First customer', done: (customers.data ?? 0) > 0, to: '/customer/create' },
    { key: 'product', label: 'First product', done: (products.data ?? 0) > 0, to: '/product?new=1' },
    { key: 'invoice', label: 'First invoice', done: (invoices.data ?? 0) > 0, to: '/invoice/create' },
  ];
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card
      title="Getting started"
      data-testid="first-run-checklist"
      extra={
        <Progress
          type="circle"
          size={36}
          aria-label={`Getting started: ${done} of ${steps.length} steps done`}
          percent={Math.round((done / steps.length) * 100)}
          format={() => `${done}/${steps.length}`}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        Six steps to your first invoice. Each one ticks itself when it is done.
      </Typography.Paragraph>
      <ol className="first-run-steps">
        {steps.map((s) => (
          <li key={s.key} data-done={s.done}>
            {s.done ? (
              <CheckCircleFilled style={{ color: '#237804' }} aria-hidden />
            ) : (
              <ClockCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} aria-hidden />
            )}{' '}
            {s.done ? (
              <span>
                {s.label} <span className="visually-hidden">(done)</span>
              </span>
            ) : (
              <Link to={s.to}>{s.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
