import { formatDate } from '@dbo/domain/dates';
import { isRole, ROLE_LABELS, ROLES } from '@dbo/domain/permissions';
import { App, Button, Card, Flex, Popconfirm, Select, Table, Tag } from 'antd';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { Page } from '../../lib/page';
import { roleLabel } from '../../lib/permissions';
import { type TeamUser, useRemoveUser, useResend, useTeam, useUpdateUser } from './api';
import { InviteForm } from './invite-form';
import { RoleMatrix } from './role-matrix';

const STATUS_COLORS = { active: 'green', invited: 'blue', disabled: 'default' } as const;
const STATUS_LABELS = { active: 'Active', invited: 'Invited', disabled: 'Disabled' } as const;

/** Settings → Team: the company's staff, invitations, roles, and the permission matrix. */
export default function TeamPage() {
  const { can, user } = useSession();
  const { message } = App.useApp();
  const team = useTeam();
  const update = useUpdateUser();
  const resend = useResend();
  const remove = useRemoveUser();
  const manage = can('team.manage');
  const act = (p: Promise<unknown>, done: string) =>
    p.then(
      () => message.success(done),
      (err) => message.error(errorMessage(err)),
    );

  const columns = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Email', dataIndex: 'email' },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (role: string, u: TeamUser) =>
        manage ? (
          <Select
            aria-label={`Role of ${u.name}`}
            value={role}
            style={{ width: 140 }}
            options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            onChange={(next) => {
              if (isRole(next))
                void act(update.mutateAsync({ id: u.id, role: next }), `${u.name} is now ${roleLabel(next)}`);
            }}
          />
        ) : (
          roleLabel(role)
        ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: TeamUser['status']) => <Tag color={STATUS_COLORS[s]}>{STATUS_LABELS[s]}</Tag>,
    },
    {
      title: 'Last sign-in',
      dataIndex: 'last_sign_in_at',
      render: (v: string | null) => (v ? formatDate(v) : 'Never'),
    },
    ...(manage
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, u: TeamUser) => (
              <Flex gap={4} wrap>
                {u.status === 'invited' && (
                  <Button
                    size="small"
                    onClick={() => act(resend.mutateAsync(u.id), `Invitation sent again to ${u.email}`)}
                  >
                    Resend
                  </Button>
                )}
                {u.status === 'active' && u.id !== user?.id && (
                  <Button
                    size="small"
                    onClick={() => act(update.mutateAsync({ id: u.id, active: false }), `${u.name} is disabled`)}
                  >
                    Disable
                  </Button>
                )}
                {u.status === 'disabled' && (
                  <Button
                    size="small"
                    onClick={() => act(update.mutateAsync({ id: u.id, active: true }), `${u.name} is enabled`)}
                  >
                    Re-enable
                  </Button>
                )}
                <Popconfirm
                  title={`Remove ${u.name}?`}
                  description="They can no longer sign in; their records keep their name."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => act(remove.mutateAsync(u.id), `${u.name} removed`)}
                >
                  <Button size="small" danger aria-label={`Remove ${u.name}`}>
                    Remove
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page title="Team">
      <Flex vertical gap={16}>
        {manage && (
          <Card title="Invite">
            <InviteForm />
          </Card>
        )}
        <Card title="Staff">
          <Table<TeamUser>
            size="small"
            rowKey="id"
            loading={team.isLoading}
            dataSource={team.data ?? []}
            columns={columns}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: team.isError ? errorMessage(team.error) : 'No users' }}
          />
        </Card>
        <Card title="Roles">
          <RoleMatrix />
        </Card>
      </Flex>
    </Page>
  );
}
