import type { FeatureDefinition } from '@dbo/domain/features';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Modal, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session';
import { errorMessage, http } from '../../lib/api';
import { Page } from '../../lib/page';

type FeatureCard = FeatureDefinition & { active?: boolean; access_requested?: boolean };

const featuresKey = ['company', 'features'];

export default function FeaturesPage() {
  const { refresh } = useSession();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: featuresKey, queryFn: () => http.get<FeatureCard[]>('/company/features') });
  const [confirm, setConfirm] = useState<{ feature: FeatureCard; active: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    if (!confirm) return;
    setBusy(true);
    setError(null);
    try {
      await http.post('/company/feature', { name: confirm.feature.name, active: confirm.active });
      await qc.invalidateQueries({ queryKey: featuresKey });
      await refresh();
      setConfirm(null);
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
              extra={f.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
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
        <p>
          {gatedDialog
            ? confirm?.active
              ? c?.request_access?.description1
              : c?.request_access?.description2
            : c?.description}
        </p>
        {error && <Alert type="error" showIcon title="Error !" description={error} />}
      </Modal>
    </Page>
  );
}
