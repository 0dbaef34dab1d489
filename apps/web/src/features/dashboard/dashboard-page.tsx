import { PlusOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { useExtensions } from '../../lib/extensions';
import { useSession } from '../../lib/session';
import { Page } from '../../lib/page';
import { ButtonLink } from '../../lib/button-link';

export default function DashboardPage() {
  const { feature, can } = useSession();
  const { dashboardWidgets } = useExtensions();
  return (
    <Page
      title="Dashboard"
      actions={
        <>
          {(can('invoice.create') || can('invoice.draft')) && (
            <ButtonLink to="/invoice/create" type="primary" icon={<PlusOutlined />}>
              New Invoice
            </ButtonLink>
          )}
          {can('customer.edit') && (
            <ButtonLink to="/customer/create" icon={<PlusOutlined />}>
              New Customer
            </ButtonLink>
          )}
        </>
      }
    >
      <Row gutter={[16, 16]}>
        {dashboardWidgets
          .filter((w) => !w.feature || feature(w.feature))
          .map((w) => (
            <Col key={w.key} xs={24} xl={w.span}>
              <w.Component />
            </Col>
          ))}
      </Row>
    </Page>
  );
}
