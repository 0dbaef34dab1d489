import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import { REPORT_MSG } from '@dbo/domain/report';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Row, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { Chart, NoDataYet } from '../../lib/charts';
import { isFuture } from '../../lib/date-range';
import { usePeriodStats } from './api';
import { type ComparisonRange, defaultPeriods, periodOf } from './periods';
import { COLORS, Text } from './report-parts';

/** Two periods side by side (Monthly by default): invoice total and, with orders, order total. */
export function ComparisonPanel() {
  const { message } = App.useApp();
  const { feature } = useSession();
  const [range, setRange] = useState<ComparisonRange>('Monthly');
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => defaultPeriods('Monthly'));
  const periods = days.map((d) => periodOf(range, d));
  const results = usePeriodStats(periods);
  const failed = results.some((r) => r.isError);
  useEffect(() => {
    if (failed) message.error({ content: REPORT_MSG.statsError, duration: 3 });
  }, [failed, message]);
  const generatedAt = Math.max(...results.map((r) => r.dataUpdatedAt));
  const data = periods.map((p, i) => ({
    period: p.label,
    invoiceTotal: results[i].data?.invoiceTotal ?? 0,
    orderTotal: results[i].data?.orderTotal ?? 0,
  }));
  const charts: { key: 'invoiceTotal' | 'orderTotal'; title: string }[] = [
    { key: 'invoiceTotal', title: 'Invoice total' },
    ...(feature('order') ? [{ key: 'orderTotal' as const, title: 'Order total' }] : []),
  ];
  const picker = range === 'Monthly' ? 'month' : 'week';
  return (
    <Card
      title="Comparison"
      data-testid="comparison"
      extra={
        <Flex gap={8} align="center" wrap>
          {generatedAt > 0 && (
            <Text type="secondary" data-testid="generated-at">
              Generated at {formatDateTime(new Date(generatedAt))}
            </Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={results.some((r) => r.isFetching)}
            onClick={() => {
              for (const r of results) void r.refetch();
            }}
          >
            Refresh
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<ComparisonRange>
          aria-label="Comparison range"
          options={['Monthly', 'Weekly']}
          value={range}
          onChange={(v) => {
            setRange(v);
            setDays(defaultPeriods(v));
          }}
        />
        {days.map((d, i) => (
          <DatePicker
            // biome-ignore lint/suspicious/noArrayIndexKey: the two pickers are fixed
            key={i}
            picker={picker}
            // a month reads as everywhere else ('Oct 2026', issue 36), not '2026-10'
            format={picker === 'month' ? 'MMM YYYY' : undefined}
            allowClear={false}
            aria-label={i === 0 ? 'First period' : 'Second period'}
            value={d}
            disabledDate={(x) => isFuture(x)}
            onChange={(v) => v && setDays((prev) => (i === 0 ? [v, prev[1]] : [prev[0], v]))}
          />
        ))}
      </Flex>
      {failed && <Alert type="error" showIcon title={REPORT_MSG.statsError} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        {charts.map((c) => (
          <Col xs={24} md={12} key={c.key}>
            <figure style={{ margin: 0 }} data-testid={`chart-${c.key}`} aria-label={c.title}>
              <figcaption>
                <Text strong>{c.title}</Text>
              </figcaption>
              {data.every((d) => !Number(d[c.key])) ? (
                <NoDataYet height={240} />
              ) : (
                <Chart height={240}>
                  {(R) => (
                    <R.ResponsiveContainer width="100%" height={240}>
                      <R.BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                        <R.CartesianGrid strokeDasharray="3 3" vertical={false} />
                        <R.XAxis dataKey="period" />
                        <R.YAxis />
                        <R.Tooltip formatter={(v) => formatMoney(Number(v))} />
                        <R.Bar
                          dataKey={c.key}
                          name={c.title}
                          fill={COLORS[0]}
                          minPointSize={2}
                          isAnimationActive={false}
                        />
                      </R.BarChart>
                    </R.ResponsiveContainer>
                  )}
                </Chart>
              )}
              <Flex gap={24} justify="center">
                {data.map((d) => (
                  <Text key={d.period} data-testid={`${c.key}-value`}>
                    {d.period}: <span className="money">{formatMoney(d[c.key])}</span>
                  </Text>
                ))}
              </Flex>
            </figure>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
