import type { Holiday } from '@dbo/domain/credit-law';
import { formatDate } from '@dbo/domain/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { saveHolidays, useHolidays } from './api';

const holidaysKey = queryKeys.customers.holidays;

/**
 * The legal holidays of the credit law's business days (Sundays never count). Seeded with the
 * Texas state holidays; the company may add or remove days, or go back to the seed.
 */
export function HolidaysPanel() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  // the holidays are a company setting (PUT /company/holidays: company.edit): the others read them
  const editable = useSession().can('company.edit');
  const { data, isLoading } = useHolidays();
  const save = useMutation({
    mutationFn: saveHolidays,
    onSuccess: (res) => {
      qc.setQueryData(holidaysKey, res);
      // delinquency depends on the business days
      void qc.invalidateQueries({ queryKey: queryKeys.customers.all });
      message.success('Holidays saved');
    },
    onError: (err) => message.error(errorMessage(err)),
  });
  const [day, setDay] = useState<Dayjs | null>(null);
  const [name, setName] = useState('');
  const list = data?.holidays ?? [];
  const add = () => {
    if (!day || !name.trim()) return;
    save.mutate([...list.filter((h) => h.date !== day.format('YYYY-MM-DD')), { date: day.format('YYYY-MM-DD'), name }]);
    setDay(null);
    setName('');
  };
  return (
    <div data-testid="holidays-panel">
      <Typography.Paragraph type="secondary">
        Texas credit law: an account is delinquent when an invoice is unpaid on the 4th business day after its due date.
        Sundays and these holidays are not business days. {data?.seeded && <Tag color="blue">Texas state holidays</Tag>}
      </Typography.Paragraph>
      {editable && (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <DatePicker aria-label="Holiday date" value={day} onChange={setDay} format="DD MMM, YYYY" />
          <Input
            aria-label="Holiday name"
            placeholder="Name"
            style={{ width: 220 }}
            value={name}
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
          />
          <Button onClick={add} disabled={!day || !name.trim()} loading={save.isPending}>
            Add Holiday
          </Button>
          {!data?.seeded && (
            <Popconfirm title="Go back to the Texas state holidays?" okText="Reset" onConfirm={() => save.mutate(null)}>
              <Button>Reset to Texas holidays</Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      <Table<Holiday>
        rowKey="date"
        size="small"
        loading={isLoading}
        dataSource={list}
        pagination={{ pageSize: 14, hideOnSinglePage: true }}
        columns={[
          { title: 'Date', dataIndex: 'date', render: (d: string) => formatDate(d) },
          { title: 'Holiday', dataIndex: 'name' },
          ...(!editable
            ? []
            : [
                {
                  title: 'Remove',
                  key: 'remove',
                  render: (_: unknown, h: Holiday) => (
                    <Button
                      size="small"
                      danger
                      aria-label={`Remove ${h.name} ${formatDate(h.date)}`}
                      onClick={() => save.mutate(list.filter((x) => x.date !== h.date))}
                    >
                      Remove
                    </Button>
                  ),
                },
              ]),
        ]}
      />
    </div>
  );
}
