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
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/** Adding a range by hand: a roll, its first and last stamp (the panel keeps what is typed). */
const AddRange = memo(function AddRange({
  usable,
  roll,
  setRollId,
  start,
  setStart,
  end,
  setEnd,
  overlapping,
  add,
}: {
  usable: StampRoll[];
  roll: StampRoll | undefined;
  setRollId: (id: number) => void;
  start: number | null;
  setStart: (v: number | null) => void;
  end: number | null;
  setEnd: (v: number | null) => void;
  /** the typed range overlaps one assigned */
  overlapping: boolean;
  add: (range: BuilderRange) => void;
}) {
  const rollId = roll?.id;
  const bounds = {
    firstAvailable: roll?.firstAvailable ?? roll?.sequences?.[0]?.from ?? null,
    lastAvailable: roll?.lastAvailable ?? roll?.sequences?.at(-1)?.to ?? null,
  };
  const errors = builderRangeErrors({ start, end }, bounds);
  const canAdd = !!roll && canAddRange({ start, end }) && !errors.start && !errors.end && !overlapping;
  return (
    <>
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
        <StampBound label="Start" value={start} hint={bounds.firstAvailable} error={errors.start} onChange={setStart} />
        <StampBound label="End" value={end} hint={bounds.lastAvailable} error={errors.end} onChange={setEnd} />
        <Button
          icon={<PlusOutlined />}
          disabled={!canAdd}
          onClick={() => {
            if (!roll || start == null || end == null) return;
            add({ key: newKey(), roll_id: roll.id, prefix: roll.prefix ?? '', from: start, to: end });
          }}
        >
          Add
        </Button>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }}>
        Available on this roll: {bounds.firstAvailable ?? '—'} to {bounds.lastAvailable ?? '—'}
      </Typography.Text>
      {overlapping && (
        <Alert type="warning" showIcon title={STAMP_MSG.overlap} style={{ marginTop: 8 }} data-testid="stamp-overlap" />
      )}
    </>
  );
});

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
  const usable = useMemo(() => rolls.filter(isUsableRoll), [rolls]);
  const assigned = totalStamps(ranges);
  const notice = stampNotice(need, assigned);
  const [rollId, setRollId] = useState<number | null>(null);
  const [start, setStart] = useState<number | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  useEffect(() => {
    if ((rollId == null || !usable.some((r) => r.id === rollId)) && usable.length) setRollId(usable[0].id);
  }, [usable, rollId]);
  const roll = usable.find((r) => r.id === rollId);
  const overlapping =
    !!roll && start != null && end != null && !!findOverlap({ roll_id: roll.id, from: start, to: end }, ranges);
  // the manual form is memoised on what it shows (a boolean for the overlap), so the automatic
  // stamps a quantity keystroke moves do not re-render its select and inputs (issue 37)
  const latest = useRef({ ranges, onChange });
  latest.current = { ranges, onChange };
  const add = useCallback((range: BuilderRange) => {
    latest.current.onChange([...latest.current.ranges, range]);
    setStart(null);
    setEnd(null);
  }, []);

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
        <AddRange
          usable={usable}
          roll={roll}
          setRollId={setRollId}
          start={start}
          setStart={setStart}
          end={end}
          setEnd={setEnd}
          overlapping={overlapping}
          add={add}
        />
      )}
    </div>
  );
});
