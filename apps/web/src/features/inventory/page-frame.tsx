import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The inventory pages' frame: the page title is the document's h1, actions beside it. */
export function PageFrame({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
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
