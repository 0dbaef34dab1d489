import { DEFAULTS } from '@dbo/domain/constants';
import { formatDate, todayInTexas } from '@dbo/domain/dates';
import { AutoComplete, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Establishment, useEstablishmentSearch } from './api';
import { useDebounced } from '../../lib/use-debounced';

/** Finds a TABC-licensed establishment by name, address or permit code (3 characters, 300 ms). */
export function EstablishmentSearch({ onPick }: { onPick: (e: Establishment) => void }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), DEFAULTS.quickSearchDebounceMs);
  const enabled = query.length >= DEFAULTS.quickSearchMinChars;
  const { data, isFetching } = useEstablishmentSearch(query, enabled);
  const list = enabled ? (data ?? []) : [];
  // permits expire by the day in Texas, as the server judges them
  const today = todayInTexas();
  return (
    <AutoComplete
      style={{ width: '100%' }}
      value={text}
      onChange={setText}
      onSelect={(key: string) => {
        const e = list.find((x) => `${x.license_type}-${x.license_id}` === key);
        if (e) {
          onPick(e);
          setText('');
        }
      }}
      notFoundContent={
        enabled && !isFetching ? 'No establishment found' : text.trim().length < 3 ? 'Type at least 3 characters' : null
      }
      options={list.map((e) => ({
        value: `${e.license_type}-${e.license_id}`,
        label: (
          <Flex justify="space-between" gap={8} data-testid="establishment-option">
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong>{e.name}</Typography.Text>
              <div style={{ fontSize: 12, color: '#666', whiteSpace: 'normal' }}>
                {e.address}, {e.city} {e.zip} · {e.owner}
              </div>
            </div>
            <div style={{ textAlign: 'right', flex: 'none' }}>
              <Tag>{e.tabc_id}</Tag>
              {e.expiration_date && (
                <div style={{ fontSize: 11, color: e.expiration_date < today ? '#cf1322' : '#888' }}>
                  {e.expiration_date < today ? 'Expired' : 'Expires'} {formatDate(e.expiration_date)}
                </div>
              )}
            </div>
          </Flex>
        ),
      }))}
    >
      <Input.Search
        placeholder="Search establishments by name, address or TABC permit (e.g. MB-123456)"
        loading={isFetching}
        allowClear
        aria-label="Search establishments"
      />
    </AutoComplete>
  );
}
