import { BarcodeOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import { rangeLabel, stampLabel } from '@dbo/domain/stamps';
import { Alert, Button, Card, Col, Empty, Flex, Progress, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DashboardWidget } from '../../lib/extensions';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { useStampRemaining } from './api';

const dismissKey = (companyId: number | undefined) => `dbo.stampWarningDismissed.${companyId ?? 0}`;

/**
 * Low-stamp warning: shown while the usable rolls hold fewer stamps than the company's threshold.
 * Dismissal hides it for this browser session (it comes back on the next sign-in, since the count
 * only gets lower until a roll is registered).
 */
function LowStampWarning() {
  const { user } = useSession();
  const { data } = useStampRemaining();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissKey(user?.company_id)) === '1');
  if (!data || dismissed || data.rollCount === 0) return null;
  const threshold = Number(user?.company?.stamp_threshold ?? data.stamp_threshold);
  if (data.availableStampCount >= threshold) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<WarningOutlined />}
      closable={{
        onClose: () => {
          sessionStorage.setItem(dismissKey(user?.company_id), '1');
          setDismissed(true);
        },
      }}
      data-testid="low-stamp-warning"
      title="Running low on TABC stamps"
      description={
        <span>
          Only <strong>{data.availableStampCount}</strong> stamp{data.availableStampCount === 1 ? '' : 's'} left in your
          active rolls, under your warning threshold of {threshold}. <Link to="/stamp/roll">Register new roll</Link> or{' '}
          <Link to="/setting?focus_field=threshold">change the threshold</Link>.
        </span>
      }
    />
  );
}

/** The active roll summary with the states of the spec's stamp status catalogue. */
function StampSummary() {
  const { data, isLoading, isError, error, refetch, isFetching } = useStampRemaining();
  const navigate = useNavigate();
  const title = (
    <Flex gap={8} align="center">
      <BarcodeOutlined /> TABC Stamps
    </Flex>
  );
  const extra = <Link to="/stamp/roll">Manage Rolls</Link>;
  let body: React.ReactNode;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError)
    body = (
      <Result
        status="warning"
        title="Error Checking Stamp Status"
        subTitle={errorMessage(error)}
        extra={[
          <Button key="again" icon={<ReloadOutlined />} loading={isFetching} onClick={() => refetch()}>
            Check Again
          </Button>,
          <Button key="register" type="primary" onClick={() => navigate('/stamp/roll')}>
            Register new roll
          </Button>,
        ]}
      />
    );
  else if (!data) body = <Empty description="No data found" />;
  else if (data.rollCount === 0)
    body = (
      <Empty
        description={
          <>
            <Typography.Text strong>No roll found</Typography.Text>
            <br />
            <Typography.Text type="secondary">Please register your TABC stamp roll</Typography.Text>
          </>
        }
      >
        <Button type="primary" onClick={() => navigate('/stamp/roll')}>
          Register new roll
        </Button>
      </Empty>
    );
  else if (!data.currentRoll)
    body = (
      <Empty
        description={
          <>
            <Typography.Text strong>No data found</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              None of your rolls is active with stamps left. Activate a roll or register a new one.
            </Typography.Text>
          </>
        }
      >
        <Button onClick={() => navigate('/stamp/roll')}>Manage Rolls</Button>
      </Empty>
    );
  else {
    const roll = data.currentRoll;
    body = (
      <div data-testid="stamp-summary">
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title="Available" value={data.availableStampCount} />
          </Col>
          <Col span={8}>
            <Statistic
              title="Next stamp"
              value={data.firstAvailableStamp === null ? '—' : stampLabel(roll.prefix, data.firstAvailableStamp)}
            />
          </Col>
          <Col span={8}>
            <Statistic title="Active rolls" value={data.usableRollCount} />
          </Col>
        </Row>
        {/* the bar shows what is left of the current roll, as the line under it says */}
        <Progress
          percent={roll.totalCount ? Math.round((roll.stampsCount / roll.totalCount) * 100) : 0}
          aria-label={`Stamps left on the current roll: ${roll.stampsCount} of ${roll.totalCount}`}
          data-testid="stamp-left-bar"
          showInfo={false}
          strokeColor="#8b1e3f"
          style={{ margin: '12px 0 4px' }}
        />
        <Typography.Text type="secondary">
          Current roll {rangeLabel(roll.prefix, roll.from, roll.to)}, received {formatDate(roll.received_at)} ·{' '}
          {roll.stampsCount} of {roll.totalCount} left
        </Typography.Text>
      </div>
    );
  }
  return (
    <Card title={title} extra={extra}>
      {body}
    </Card>
  );
}

export const dashboardWidgets: DashboardWidget[] = [
  { key: 'low-stamp-warning', order: 0, span: 24, Component: LowStampWarning },
  { key: 'stamp-summary', order: 10, span: 12, Component: StampSummary },
];
