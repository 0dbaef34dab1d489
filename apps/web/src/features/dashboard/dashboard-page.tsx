import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Row } from 'antd';
import { Link } from 'react-router';
import { dashboardWidgets } from '../../app/extensions';
import { useSession } from '../../app/session';
import { Page } from '../../lib/page';

export default function DashboardPage() {
  const { feature } = useSession();
  return (
    <Page
      title="Dashboard"
      actions={
        <>
          <Link to="/invoice/create">
            <Button type="primary" icon={<PlusOutlined />}>
              New Invoice
            </Button>
          </Link>
          <Link to="/customer/create">
            <Button icon={<PlusOutlined />}>New Customer</Button>
          </Link>
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
