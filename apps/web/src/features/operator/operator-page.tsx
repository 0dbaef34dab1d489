import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { FEATURES } from '@dbo/domain/features';
import { PRICING_FEATURES } from '@dbo/domain/operator';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import {
  type OperatorCompany,
  operatorToken,
  setOperatorToken,
  useOperatorCompanies,
  useOperatorRequests,
  useSetFeature,
} from './api';

const titleOf = (name: string) => FEATURES.find((f) => f.name === name)?.title ?? name;
const SWITCHABLE = FEATURES.filter((f) => !f.comingSoon);

function refusal(err: unknown): string | null {
  if (!(err instanceof ApiError)) return err ? errorMessage(err) : null;
  if (err.status === 401) return 'The operator token was refused.';
  if (err.status === 404) return 'The operator API is off on this server (OPERATOR_TOKEN is not set).';
  return err.message;
}

/**
 * /operator: the people who run this installation grant requested features, switch features and
 * set ignore_pricing per company, with OPERATOR_TOKEN. Every change is logged in the company's
 * activity by the server.
 */
export default function OperatorPage() {
  const [token, setToken] = useState(operatorToken);
  const companies = useOperatorCompanies(token);
  const requests = useOperatorRequests(token);
  const problem = refusal(companies.error ?? requests.error);

  const signIn = (v: { token: string }) => {
    setOperatorToken(v.token.trim());
    setToken(v.token.trim());
  };
  const signOut = () => {
    setOperatorToken(null);
    setToken(null);
  };

  return (
    <main style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          Operator
        </Typography.Title>
        {token && <Button onClick={signOut}>Forget token</Button>}
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} role="alert" />}
      {!token || (companies.error instanceof ApiError && companies.error.status === 401) ? (
        <TokenForm onSubmit={signIn} />
      ) : (
        <>
          <Requests token={token} rows={requests.data ?? []} loading={requests.isLoading} />
          <Companies token={token} rows={companies.data ?? []} loading={companies.isLoading} />
        </>
      )}
    </main>
  );
}

function TokenForm({ onSubmit }: { onSubmit: (v: { token: string }) => void }) {
  return (
    <Card style={{ maxWidth: 480 }}>
      <p>The operator's pages answer to the installation's OPERATOR_TOKEN.</p>
      <Form layout="vertical" onFinish={onSubmit} requiredMark={false}>
        <Form.Item
          label="Operator token"
          name="token"
          rules={[{ required: true, whitespace: true, message: 'Enter the operator token' }]}
        >
          <Input.Password autoFocus autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Open
        </Button>
      </Form>
    </Card>
  );
}

function Requests({
  token,
  rows,
  loading,
}: {
  token: string;
  rows: NonNullable<ReturnType<typeof useOperatorRequests>['data']>;
  loading: boolean;
}) {
  const set = useSetFeature(token);
  const { message } = App.useApp();
  const grant = (companyId: number, name: string, company: string) =>
    set.mutate(
      { companyId, name, active: true },
      {
        onSuccess: (r) =>
          message.success(
            `${titleOf(name)} granted to ${company}${r.owners_mailed ? ` (owner${r.owners_mailed > 1 ? 's' : ''} mailed)` : ''}`,
          ),
        onError: (err) => message.error(refusal(err) ?? 'Could not grant'),
      },
    );
  return (
    <section aria-labelledby="operator-requests" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="operator-requests" style={{ fontSize: 18 }}>
        Access requests
      </Typography.Title>
      <Table
        size="small"
        loading={loading}
        rowKey={(r) => `${r.company_id}-${r.feature}`}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No access requests.' }}
        columns={[
          { title: 'Company', dataIndex: 'company_name' },
          { title: 'Feature', dataIndex: 'title' },
          { title: 'Requested', dataIndex: 'requested_at', render: (v: string) => formatDateTime(v) },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={s === 'open' ? 'orange' : 'green'}>{s === 'open' ? 'Open' : 'Granted'}</Tag>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_: unknown, r) =>
              r.status === 'open' ? (
                <Button
                  type="primary"
                  size="small"
                  loading={
                    set.isPending && set.variables?.companyId === r.company_id && set.variables?.name === r.feature
                  }
                  onClick={() => grant(r.company_id, r.feature, r.company_name)}
                  aria-label={`Grant ${r.title} to ${r.company_name}`}
                >
                  Grant
                </Button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}

function Companies({ token, rows, loading }: { token: string; rows: OperatorCompany[]; loading: boolean }) {
  return (
    <section aria-labelledby="operator-companies">
      <Typography.Title level={2} id="operator-companies" style={{ fontSize: 18 }}>
        Companies
      </Typography.Title>
      <Table
        size="small"
        loading={loading}
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 25, showSizeChanger: false }}
        locale={{ emptyText: 'No companies yet.' }}
        expandable={{
          expandedRowRender: (c) => <CompanyFeatures token={token} company={c} />,
          expandRowByClick: false,
        }}
        columns={[
          { title: 'Id', dataIndex: 'id', width: 70 },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Created', dataIndex: 'created_at', render: (v: string) => formatDate(v), width: 120 },
          { title: 'Users', dataIndex: 'users', width: 70 },
          {
            title: 'Active features',
            dataIndex: 'active_features',
            render: (names: string[], c) => (
              <Flex wrap gap={4}>
                {names.map((n) => (
                  <Tag key={n}>
                    {titleOf(n)}
                    {c.ignore_pricing.includes(n) ? ' (ignores pricing)' : ''}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: 'Open requests',
            dataIndex: 'open_requests',
            render: (names: string[]) => (
              <Flex wrap gap={4}>
                {names.map((n) => (
                  <Tag key={n} color="orange">
                    {titleOf(n)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </section>
  );
}

/** Every switchable feature of one company: on/off, and ignore_pricing for Bottle POS and Clover. */
function CompanyFeatures({ token, company }: { token: string; company: OperatorCompany }) {
  const set = useSetFeature(token);
  const { message } = App.useApp();
  const change = (name: string, v: { active: boolean; ignore_pricing?: boolean }) =>
    set.mutate(
      { companyId: company.id, name, ...v },
      {
        onSuccess: (r) =>
          message.success(
            `${titleOf(name)} ${r.active ? 'on' : 'off'} for ${company.name}${
              PRICING_FEATURES.includes(name as (typeof PRICING_FEATURES)[number])
                ? `, pricing ${r.ignore_pricing ? 'ignored' : 'from the POS'}`
                : ''
            }`,
          ),
        onError: (err) => message.error(refusal(err) ?? 'Could not save'),
      },
    );
  return (
    <ul aria-label={`Features of ${company.name}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {SWITCHABLE.map((f) => {
        const active = company.active_features.includes(f.name);
        const ignores = company.ignore_pricing.includes(f.name);
        const pricing = (PRICING_FEATURES as readonly string[]).includes(f.name);
        return (
          <li key={f.name} style={{ padding: '4px 0' }}>
            <Flex gap={12} align="center" wrap>
              <Switch
                checked={active}
                onChange={(on) => change(f.name, { active: on })}
                aria-label={`${f.title} for ${company.name}`}
              />
              <span style={{ minWidth: 220 }}>
                {f.title}
                {f.gated ? ' (gated)' : ''}
                {company.open_requests.includes(f.name) ? ' — access requested' : ''}
              </span>
              {pricing && (
                <Checkbox
                  checked={ignores}
                  onChange={(e) => change(f.name, { active, ignore_pricing: e.target.checked })}
                >
                  Ignore POS pricing (prices editable here)
                </Checkbox>
              )}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
