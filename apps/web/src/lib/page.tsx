import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The page heading with its actions. */
export function Page({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          {actions}
        </Flex>
      </Flex>
      {children}
    </div>
  );
}
