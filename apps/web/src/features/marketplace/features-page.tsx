import type { FeatureName } from '@dbo/domain/features';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Modal, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { type FeatureCard, featuresKey, switchFeature, useCompanyFeatures } from './api';

/**
 * Features that need a company setting before they work: after activation the user is taken to
 * that field (/setting?focus_field=...), which says why. Online Ordering needs the subdomain its
 * customers order at (spec 1: subdomain required when the order feature is active).
 */
const NEEDS_SETTING: Partial<Record<string, { field: string; missing: (c: Record<string, unknown>) => boolean }>> = {
  order: { field: 'subdomain', missing: (c) => !c.subdomain },
};

/** the marketplace answers a feature's name as a string (its schema), so these are compared as strings */
const POS_FEATURES: readonly string[] = ['bottle_pos', 'clover'] satisfies FeatureName[];

/**
 * What else changes when a point of sale is switched on (spec 2: Inventory is hidden in navigation
 * while Bottle POS or Clover is active; product creation is blocked, fields come from the POS).
 * Said in the dialog before it happens, not discovered afterwards (issue 36).
 */
export function sideEffectNote(f: Pick<FeatureCard, 'name' | 'title'>, active: boolean): string | null {
  if (!POS_FEATURES.includes(f.name)) return null;
  return active
    ? `While ${f.title} is active, Inventory is hidden from the navigation (stock is kept in ${f.title}) and new products come from ${f.title} instead of being created here.`
    : `Deactivating ${f.title} brings Inventory back into the navigation and lets you create products here again.`;
}

export default function FeaturesPage() {
  const { refresh, user } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useCompanyFeatures();
  const [confirm, setConfirm] = useState<{ feature: FeatureCard; active: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    if (!confirm) return;
    setBusy(true);
    setError(null);
    try {
      const { feature: f, active } = confirm;
      await switchFeature(f.name, active);
      await qc.invalidateQueries({ queryKey: featuresKey });
      await refresh();
      setConfirm(null);
      if (f.gated && active) message.success(`Access to ${f.title} requested`);
      else message.success(`${f.title} ${active ? 'activated' : 'deactivated'}`);
      const needs = active && !f.gated ? NEEDS_SETTING[f.name] : undefined;
      if (needs && user && needs.missing(user.company as unknown as Record<string, unknown>))
        navigate(`/setting?focus_field=${needs.field}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const button = (f: FeatureCard) => {
    if (f.comingSoon) return <Button disabled>Coming Soon</Button>;
    if (f.active)
      return (
        <Button danger onClick={() => setConfirm({ feature: f, active: false })}>
          Deactivate
        </Button>
      );
    if (f.gated)
      return (
        <Button onClick={() => setConfirm({ feature: f, active: true })} disabled={f.access_requested}>
          {f.access_requested ? 'Access Requested' : 'Request Access'}
        </Button>
      );
    return (
      <Button type="primary" onClick={() => setConfirm({ feature: f, active: true })}>
        Activate
      </Button>
    );
  };

  const c = confirm?.feature;
  const gatedDialog = c?.gated;
  const posOn = list.data?.find((f) => POS_FEATURES.includes(f.name) && f.active);
  const note = c && confirm ? sideEffectNote(c, confirm.active) : null;
  return (
    <Page title="Features">
      {list.isLoading && <Skeleton active />}
      {list.isError && <Alert type="error" showIcon title="Error !" description={errorMessage(list.error)} />}
      <Row gutter={[16, 16]}>
        {list.data?.map((f) => (
          <Col xs={24} md={12} xl={8} key={f.name}>
            <Card
              data-testid={`feature-${f.name}`}
              title={
                <span>
                  <span className="feature-logo">{f.title.slice(0, 1)}</span> {f.title}
                </span>
              }
              extra={
                f.active && f.name === 'inventory' && posOn ? (
                  <Tag color="orange" title={`Inventory is hidden while ${posOn.title} is active`}>
                    Active · hidden by {posOn.title}
                  </Tag>
                ) : f.active ? (
                  <Tag color="green">Active</Tag>
                ) : (
                  <Tag>Inactive</Tag>
                )
              }
              actions={[<div key="a">{button(f)}</div>]}
              style={{ height: '100%' }}
            >
              <Typography.Text strong>{f.pricing}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {f.description}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
      <Modal
        open={!!confirm}
        title={
          gatedDialog && confirm?.active
            ? `Request Access to ${c?.title}`
            : `${confirm?.active ? 'Activate' : 'Deactivate'} ${c?.title}`
        }
        onCancel={() => {
          setConfirm(null);
          setError(null);
        }}
        footer={[
          <Button key="cancel" onClick={() => setConfirm(null)}>
            Cancel
          </Button>,
          <Button key="ok" type="primary" danger={!confirm?.active} loading={busy} onClick={toggle}>
            {gatedDialog && confirm?.active ? 'Request Access' : confirm?.active ? 'Activate' : 'Deactivate'}
          </Button>,
        ]}
      >
        {c?.pricing && confirm?.active && (
          <Typography.Paragraph strong data-testid="feature-dialog-pricing">
            {c.pricing}
          </Typography.Paragraph>
        )}
        <p>
          {gatedDialog
            ? confirm?.active
              ? c?.request_access?.description1
              : c?.request_access?.description2
            : c?.description}
        </p>
        {note && <Alert type="warning" showIcon title={note} style={{ marginBottom: 12 }} />}
        {error && <Alert type="error" showIcon title="Error !" description={error} />}
      </Modal>
    </Page>
  );
}
