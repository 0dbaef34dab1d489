import { Card } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/** A panel whose code loads with its first render; until then a loading card with its title. */
export function lazyPanel<P extends object>(
  title: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Panel = lazy(load);
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={<Card size="small" title={title} loading />}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
