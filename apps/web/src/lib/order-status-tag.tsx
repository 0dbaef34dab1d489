import type { OrderStatus } from '@dbo/domain/constants';
import { Tag } from 'antd';
import { ORDER_STATUS_COLORS, orderStatusLabel } from './order-status';

// the colours and labels live in order-status.ts, which the customers' shop (no antd) shares
export { ORDER_STATUS_COLORS, orderStatusLabel } from './order-status';

/** An order's status as a tag, on the staff's order pages. */
export function OrderStatusTag({ status, testId = 'order-status' }: { status: string; testId?: string }) {
  return (
    <Tag color={ORDER_STATUS_COLORS[status as OrderStatus] ?? 'default'} data-testid={testId}>
      {orderStatusLabel(status)}
    </Tag>
  );
}
