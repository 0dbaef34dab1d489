import { Card } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { ErrorAlert } from '../../lib/form-parts';

/** The invoice's card of an outside sync (fintech, MPower): its button, the last run's error, its log. */
export function SyncCard({
  title,
  testId,
  action,
  failed,
  error,
  children,
}: {
  title: string;
  testId: string;
  action: ReactNode;
  /** the title of the error alert when the sync call itself failed */
  failed: string;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title} data-testid={testId} extra={action}>
      {error ? <ErrorAlert gap={8} title={failed} errors={[errorMessage(error)]} /> : null}
      {children}
    </Card>
  );
}
