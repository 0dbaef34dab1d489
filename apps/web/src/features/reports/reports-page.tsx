import { Card, Flex, Tabs } from 'antd';
import { useEffect } from 'react';
import { gatedPage } from '../../lib/feature-gate';
import { loadCharts } from '../../lib/charts';
import { Page } from '../../lib/page';
import { ComparisonPanel } from './comparison-panel';
import { Text } from './report-parts';
import { SALES_CONFIG, SalesReportCard } from './sales-report-card';
import { SalesByTypeCard } from './sales-by-type-card';
import { StampsCard } from './stamps-card';

function ReportsContent() {
  // the charts' code loads beside the reports' requests, not once their answers are in
  useEffect(() => {
    loadCharts().catch(() => undefined);
  }, []);
  return (
    <Page title="Reports">
      <Flex vertical gap={24}>
        <ComparisonPanel />
        <Card title="Sales and stamps">
          <Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
            Cancelled and draft invoices are not counted. Amounts by product and type are line totals before tax;
            amounts by customer are invoice totals with tax.
          </Text>
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'product',
                label: 'Sales by product',
                children: <SalesReportCard config={SALES_CONFIG.product} />,
              },
              {
                key: 'customer',
                label: 'Sales by customer',
                children: <SalesReportCard config={SALES_CONFIG.customer} />,
              },
              { key: 'type', label: 'Sales by product type', children: <SalesByTypeCard /> },
              { key: 'stamps', label: 'Stamps used', children: <StampsCard /> },
            ]}
          />
        </Card>
      </Flex>
    </Page>
  );
}

export default gatedPage('reports', ReportsContent);
