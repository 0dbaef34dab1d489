import { WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { Card, Empty, List, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import type { DashboardWidget } from '../../lib/extensions';
import { type DelinquentAccount, useDelinquencySummary } from './api';

const { Text } = Typography;

function AccountList({ rows, testId }: { rows: DelinquentAccount[]; testId: string }) {
  return (
    <List
      size="small"
      data-testid={testId}
      dataSource={rows}
      renderItem={(a) => (
        <List.Item extra={<strong>{formatMoney(a.amount)}</strong>}>
          <List.Item.Meta
            title={a.trade_name}
            description={`${a.permit} · ${a.invoices.map((i) => i.display_number).join(', ')} · delinquent from ${formatDate(a.delinquent_from)}`}
          />
        </List.Item>
      )}
    />
  );
}

/** Texas credit law: accounts delinquent today and those that become delinquent in the next days. */
function CreditLawWidget() {
  const { data, isLoading } = useDelinquencySummary();
  return (
    <Card
      size="small"
      loading={isLoading}
      title={
        <span>
          <WarningOutlined /> Credit law
        </span>
      }
      extra={<Link to="/customer/delinquent">Delinquent accounts report</Link>}
      data-testid="credit-law-widget"
    >
      {data && (
        <>
          <Statistic
            title="Delinquent accounts"
            value={data.delinquent.count}
            suffix={data.delinquent.count ? `· ${formatMoney(data.delinquent.amount)}` : undefined}
            valueStyle={data.delinquent.count ? { color: '#cf1322' } : undefined}
          />
          {data.delinquent.rows.length > 0 && <AccountList rows={data.delinquent.rows} testId="delinquent-now" />}
          <Text strong style={{ display: 'block', marginTop: 12 }}>
            Becoming delinquent in the next {data.soon.days} days
            {data.soon.count ? `: ${data.soon.count} · ${formatMoney(data.soon.amount)}` : ''}
          </Text>
          {data.soon.rows.length ? (
            <AccountList rows={data.soon.rows} testId="delinquent-soon" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="None" />
          )}
        </>
      )}
    </Card>
  );
}

export const dashboardWidgets: DashboardWidget[] = [
  { key: 'credit-law', order: 25, span: 12, Component: CreditLawWidget },
];
