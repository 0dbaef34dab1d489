import type { ConvertedInvoice } from '@dbo/domain/fintech';
import { MessageList } from '../../lib/form-parts';
import { Alert } from 'antd';

/** Above the builder opened from a fintech file: where it came from and what was left out. */
export function FintechDraftNotice({ draft }: { draft: ConvertedInvoice }) {
  const problems = draft.warnings.length > 0;
  return (
    <Alert
      type={problems ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="fintech-draft-notice"
      title={`Draft from fintech invoice ${draft.reference}: ${draft.items.length} line(s) matched${
        draft.customer ? `, customer ${draft.customer.name}` : ''
      }. Check it, then create the invoice.`}
      description={problems ? <MessageList items={draft.warnings} /> : undefined}
    />
  );
}
