import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  builderRangeErrors,
  canAddRange,
  findOverlap,
  rangeLabel,
  STAMP_MSG,
  stampNotice,
  totalStamps,
} from '@dbo/domain/stamps';
import { Alert, Button, Flex, Form, InputNumber, Select, Tag, Typography } from 'antd';
import { memo, useEffect, useState } from 'react';
import type { StampRoll } from '../../lib/answer-types';
import { type BuilderRange, isUsableRoll, newKey } from './builder-model';
import { ButtonLink } from '../../lib/button-link';

/** The first or last stamp of the range to assign; the roll's next free stamp as placeholder. */
function StampBound(props: {
  label: 'Start' | 'End';
  value: number | null;
  hint: number | null | undefined;
  error: string | undefined;
  onChange: (v: number | null) => void;
}) {
  return (
    <Form.Item
      label={props.label}
      style={{ marginBottom: 0 }}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
    >
      <InputNumber
        aria-label={`Stamp ${props.label.toLowerCase()}`}
        value={props.value}
        min={1}
        precision={0}
        placeholder={props.hint != null ? String(props.hint) : ''}
        onChange={(v) => props.onChange(v == null ? null : Number(v))}
        style={{ width: 130 }}
      />
    </Form.Item>
  );
}

/** Memoised: a keystroke that leaves the stamps needed alone does not re-render it (issue 19). */
export const StampsPanel = memo(function StampsPanel({
  need,
  ranges,
  onChange,
  rolls,
  rollsLoaded,
  auto,
  onAuto,
}: {
  need: number;
  ranges: BuilderRange[];
  /** manual edits (auto-assignment switches off) */
  onChange: (ranges: BuilderRange[]) => void;
  rolls: StampRoll[];
  rollsLoaded: boolean;
  auto: boolean;
  onAuto: () => void;
}) {
  const usable = rolls.filter(isUsableRoll);
  const [rollId, setRollId] = useState<number | null>(null);
  const [start, setStart] = useState<number | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  useEffect(() => {
    if ((rollId == null || !usable.some((r) => r.id === rollId)) && usable.length) setRollId(usable[0].id);
  }, [usable, rollId]);
  const roll = usable.find((r) => r.id === rollId);
  const bounds = {
    firstAvailable: roll?.firstAvailable ?? roll?.sequences?.[0]?.from ?? null,
    lastAvailable: roll?.lastAvailable ?? roll?.sequences?.at(-1)?.to ?? null,
  };
  const errors = builderRangeErrors({ start, end }, bounds);
  const overlap =
    roll && start != null && end != null ? findOverlap({ roll_id: roll.id, from: start, to: end }, ranges) : undefined;
  const assigned = totalStamps(ranges);
  const notice = stampNotice(need, assigned);
  const canAdd = !!roll && canAddRange({ start, end }) && !errors.start && !errors.end && !overlap;

  return (
    <div data-testid="stamps-panel">
      {rollsLoaded && usable.length === 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={STAMP_MSG.rollMissing}
          action={
            <ButtonLink to="/stamp/roll" size="small">
              Register roll
            </ButtonLink>
          }
        />
      )}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          Needed <strong data-testid="stamps-needed">{need}</strong> · Assigned{' '}
          <strong data-testid="stamps-assigned">{assigned}</strong>
          {auto ? (
            <Tag color="green" style={{ marginLeft: 8 }}>
              auto
            </Tag>
          ) : (
            <Tag style={{ marginLeft: 8 }}>manual</Tag>
          )}
        </Typography.Text>
        {!auto && (
          <Button size="small" icon={<ThunderboltOutlined />} onClick={onAuto}>
            Auto-assign
          </Button>
        )}
      </Flex>
      <Flex wrap gap={6} style={{ margin: '8px 0' }} data-testid="stamp-ranges">
        {ranges.map((r) => (
          <Tag
            key={r.key}
            closable
            color={r.saved ? 'blue' : 'geekblue'}
            onClose={(e) => {
              e.preventDefault();
              onChange(ranges.filter((x) => x.key !== r.key));
            }}
            style={{ fontSize: 13, padding: '2px 8px' }}
          >
            {rangeLabel(r.prefix, r.from, r.to)} ({r.to - r.from + 1})
          </Tag>
        ))}
        {ranges.length === 0 && <Typography.Text type="secondary">No stamps assigned</Typography.Text>}
      </Flex>
      {notice.kind !== 'ok' && (
        <Alert
          type={notice.kind === 'needed' ? 'warning' : 'info'}
          showIcon
          title={notice.message}
          style={{ marginBottom: 8 }}
          data-testid="stamp-notice"
        />
      )}
      {usable.length > 0 && (
        <Form layout="inline" component="div" style={{ rowGap: 8 }}>
          <Form.Item label="Roll" style={{ marginBottom: 0 }}>
            <Select
              aria-label="Stamp roll"
              style={{ width: 190 }}
              value={rollId ?? undefined}
              onChange={(v) => setRollId(v)}
              options={usable.map((r) => ({
                value: r.id,
                label: `${rangeLabel(r.prefix, r.from, r.to)}`,
              }))}
            />
          </Form.Item>
          <StampBound
            label="Start"
            value={start}
            hint={bounds.firstAvailable}
            error={errors.start}
            onChange={setStart}
          />
          <StampBound label="End" value={end} hint={bounds.lastAvailable} error={errors.end} onChange={setEnd} />
          <Button
            icon={<PlusOutlined />}
            disabled={!canAdd}
            onClick={() => {
              if (!roll || start == null || end == null) return;
              onChange([
                ...ranges,
                { key: newKey(), roll_id: roll.id, prefix: roll.prefix ?? '', from: start, to: end },
              ]);
              setStart(null);
              setEnd(null);
            }}
          >
            Add
          </Button>
        </Form>
      )}
      {usable.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }}>
          Available on this roll: {bounds.firstAvailable ?? '—'} to {bounds.lastAvailable ?? '—'}
        </Typography.Text>
      )}
      {overlap && (
        <Alert type="warning" showIcon title={STAMP_MSG.overlap} style={{ marginTop: 8 }} data-testid="stamp-overlap" />
      )}
    </div>
  );
});
