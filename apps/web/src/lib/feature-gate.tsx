import { toggleFeature } from '@dbo/domain/endpoints/company';
import { featureDefinition, type FeatureName } from '@dbo/domain/features';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Tag } from 'antd';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useSession } from './session';
import { errorMessage } from './api';
import { call } from './endpoints';
import { Page } from './page';

/**
 * Pages of an optional feature show the feature card with an activation prompt instead of their
 * content while the feature is off.
 */
export function FeatureGate({ name, children }: { name: FeatureName; children: ReactNode }) {
  const { feature, refresh } = useSession();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (feature(name)) return <>{children}</>;
  const def = featureDefinition(name);
  const activate = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(toggleFeature, { body: { name, active: true } });
      await refresh();
      await qc.invalidateQueries();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 640, margin: '40px auto' }}>
      <Result
        status="info"
        title={
          // the page's title while the feature is off (every screen has an h1)
          <h1 style={{ font: 'inherit', margin: 0 }}>
            {def?.title} <Tag color="red">Inactive</Tag>
          </h1>
        }
        subTitle={
          <>
            {def?.description}
            <br />
            {def?.pricing}
          </>
        }
        extra={
          <Button type="primary" loading={busy} onClick={activate} disabled={def?.gated || def?.comingSoon}>
            Activate {def?.title}
          </Button>
        }
      />
      {error && <Alert type="error" showIcon title="Error !" description={error} />}
    </Card>
  );
}

/**
 * A route's page behind its feature's gate; with a title the page heading stays above the gate
 * (the gate then stands in for the content only).
 */
export function gatedPage(name: FeatureName, Content: ComponentType, title?: string) {
  return function GatedPage() {
    const gated = (
      <FeatureGate name={name}>
        <Content />
      </FeatureGate>
    );
    return title === undefined ? gated : <Page title={title}>{gated}</Page>;
  };
}
