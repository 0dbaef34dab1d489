import { AppstoreOutlined, BellOutlined, HistoryOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import { Button, Card, Col, Descriptions, Row } from 'antd';
import { Link } from 'react-router';
import { settingsPanels } from '../../app/extensions';
import { useSession } from '../../app/session';
import { Page } from '../../lib/page';
import { CompanyForm } from './company-form';
import { LogoManager } from './logo-manager';
import { ProfileForm } from './profile-form';

export default function SettingsPage() {
  const { user, feature } = useSession();
  return (
    <Page
      title="Settings"
      actions={
        <>
          <Link to="/features">
            <Button icon={<AppstoreOutlined />}>Features</Button>
          </Link>
          {feature('order') && (
            <Link to="/notification">
              <Button icon={<BellOutlined />}>Notifications</Button>
            </Link>
          )}
          <Link to="/activity">
            <Button icon={<HistoryOutlined />}>Activity</Button>
          </Link>
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="Company">
            <CompanyForm />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card title="Account">
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
                  <Descriptions.Item label="Title">{user?.title}</Descriptions.Item>
                  <Descriptions.Item label="Role">{user?.role}</Descriptions.Item>
                  <Descriptions.Item label="Company">{user?.company.name}</Descriptions.Item>
                  <Descriptions.Item label="Member since">{formatDate(user?.created_at)}</Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col span={24}>
              <ProfileForm />
            </Col>
          </Row>
        </Col>
        <Col xs={24}>
          <LogoManager />
        </Col>
        {settingsPanels
          .filter((p) => !p.feature || feature(p.feature))
          .map((p) => (
            <Col xs={24} key={p.key}>
              <Card title={p.title}>
                <p.Component />
              </Card>
            </Col>
          ))}
      </Row>
    </Page>
  );
}
