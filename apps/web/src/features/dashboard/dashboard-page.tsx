import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { Page } from '../../lib/page';

export default function DashboardPage() {
  const { user } = useSession();
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
        <Col xs={24}>
          <Card>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              Welcome back, {user?.name}
            </Typography.Title>
            <Typography.Text type="secondary">{user?.company.name}</Typography.Text>
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
