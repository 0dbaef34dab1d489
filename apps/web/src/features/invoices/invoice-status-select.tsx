import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { stampNeed, stampRuleError, totalStamps } from '@dbo/domain/stamps';
import { Alert, Flex, Select, Typography } from 'antd';
import type { Invoice } from './api';
import { statusLabel } from './invoice-status-tag';

/** Why each status cannot be chosen for this saved invoice (its stamps, issue 30); null when it can. */
export function statusBlocks(invoice: Pick<Invoice, 'items' | 'stamps'>) {
  const need = stampNeed(invoice.items ?? []);
  const assigned = totalStamps(invoice.stamps ?? []);
  return (status: string) => stampRuleError(status, statusLabel(status), need, assigned);
}

/**
 * The status of a saved invoice: a status its stamps don't allow is disabled, with the reason
 * under its name; a current status they no longer allow (saved before the rule) says so too.
 */
export function InvoiceStatusSelect({ invoice, onChange }: { invoice: Invoice; onChange: (status: string) => void }) {
  const blockOf = statusBlocks(invoice);
  const current = blockOf(invoice.status);
  return (
    <>
      <Select
        aria-label="Status"
        data-testid="status-select"
        style={{ width: '100%' }}
        value={invoice.status}
        aria-describedby={current ? 'status-blocked' : undefined}
        // wide enough for each reason on a line or two, opening leftwards from the narrow column
        popupMatchSelectWidth={400}
        placement="bottomRight"
        listHeight={440}
        options={INVOICE_STATUSES.map((s) => {
          const block = s === invoice.status ? null : blockOf(s);
          return { value: s, label: statusLabel(s), disabled: !!block, block };
        })}
        optionRender={(o) =>
          o.data.block ? (
            <Flex vertical>
              <span>{o.data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {o.data.block}
              </Typography.Text>
            </Flex>
          ) : (
            o.data.label
          )
        }
        onChange={onChange}
      />
      {current && (
        <Alert
          id="status-blocked"
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={current}
          data-testid="status-blocked"
        />
      )}
    </>
  );
}
