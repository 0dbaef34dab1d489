import { AppstoreOutlined, BellOutlined, HistoryOutlined, ImportOutlined, TeamOutlined } from '@ant-design/icons';
import { formatDate } from '@dbo/domain/dates';
import { Card, Col, Descriptions, Row } from 'antd';
import { useExtensions } from '../../lib/extensions';
import { useSession } from '../../lib/session';
import { Page } from '../../lib/page';
import { CompanyForm } from './company-form';
import { FirstRunChecklist } from './first-run-checklist';
import { LogoManager } from './logo-manager';
import { ProfileForm } from './profile-form';
import { ButtonLink } from '../../lib/button-link';

export default function SettingsPage() {
  const { user, feature, can } = useSession();
  const { settingsPanels } = useExtensions();
  return (
    <Page
      title="Settings"
      actions={
        <>
          {can('team.manage') && (
            <ButtonLink to="/setting/team" icon={<TeamOutlined />}>
              Team
            </ButtonLink>
          )}
          <ButtonLink to="/features" icon={<AppstoreOutlined />}>
            Features
          </ButtonLink>
          {feature('order') && (
            <ButtonLink to="/notification" icon={<BellOutlined />}>
              Notifications
            </ButtonLink>
          )}
          <ButtonLink to="/activity" icon={<HistoryOutlined />}>
            Activity
          </ButtonLink>
          <ButtonLink to="/import" icon={<ImportOutlined />}>
            Import data
          </ButtonLink>
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <FirstRunChecklist />
        </Col>
        <Col xs={24} xl={16}>
          <Card title="Company" id="company">
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
        <Col xs={24} id="logos">
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
