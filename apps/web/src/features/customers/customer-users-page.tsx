import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { customerUserActions, invitationSchema, type CustomerUserAction } from '@dbo/domain/customer';
import { formatDate, formatDateTime } from '@dbo/domain/dates';
import type { ColDef } from 'ag-grid-community';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, errorMessages } from '../../lib/api';
import { useFormUnsaved } from '../../lib/unsaved-changes';
import { Page } from '../../lib/page';
import { type GridRow, ServerGrid, type ServerGridHandle } from '../../lib/server-grid';
import { queryKeys } from '../../lib/query-keys';
import { validValues } from '../../lib/zod-form';
import { customerUserGrid } from '@dbo/domain/endpoints/customers';
import { type UserAction, useCustomer, useInviteUser, useUserAction } from './api';
import { ButtonLink } from '../../lib/button-link';

const ACTION_LABEL: Record<CustomerUserAction, string> = {
  revoke: 'Revoke',
  enable: 'Enable access',
  disable: 'Disable access',
  reactivate: 'Re-activate',
};
/** A customer app user as the users grid answers it (the drawer and the actions take it too). */
type CustomerUser = GridRow<typeof customerUserGrid>;

const ACCESS_COLOR = { Enabled: 'green', Disabled: 'orange', Revoked: 'red' } as const;

export default function CustomerUsersPage() {
  const params = useParams();
  const customerId = params.customerId ? Number(params.customerId) : undefined;
  const customer = useCustomer(customerId);
  const grid = useRef<ServerGridHandle>(null);
  const [selected, setSelected] = useState<CustomerUser | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const action = useUserAction();
  const { message } = App.useApp();
  // AG Grid sees the click on an action button as a row click; the buttons mark it to skip the panel
  const actionPressed = useRef(false);
  const onRowClicked = (u: CustomerUser) => {
    if (actionPressed.current) {
      actionPressed.current = false;
      return;
    }
    setSelected(u);
  };

  const run = async (user: CustomerUser, a: UserAction) => {
    try {
      const updated = await action.mutateAsync({ user, action: a });
      grid.current?.refresh();
      if (selected?.id === user.id && updated) setSelected({ ...selected, ...updated });
      message.success(
        a.kind === 'resend'
          ? `A new invitation was sent to ${user.email}`
          : a.kind === 'preferences'
            ? 'Notification preferences saved'
            : `${user.name}: ${updated?.access ?? 'saved'}`,
      );
    } catch (err) {
      message.error(errorMessage(err));
    }
  };

  const columnDefs = useMemo<ColDef<CustomerUser>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 120, filter: 'agTextColumnFilter' },
      { field: 'email', headerName: 'Email', filter: 'agTextColumnFilter' },
      ...(customerId
        ? []
        : [
            {
              colId: 'customer',
              headerName: 'Customer',
              minWidth: 180,
              filter: 'agTextColumnFilter',
              valueGetter: (p: { data?: CustomerUser }) => p.data?.customer?.name ?? '',
            } as ColDef<CustomerUser>,
          ]),
      {
        field: 'access',
        headerName: 'Access',

        sortable: false,
        cellRenderer: (p: { value?: CustomerUser['access'] }) =>
          p.value ? <Tag color={ACCESS_COLOR[p.value]}>{p.value}</Tag> : null,
      },
      {
        colId: 'last_sign_in_at',
        headerName: 'Invitation',
        valueGetter: (p) =>
          p.data
            ? p.data.pending_invitation
              ? 'Pending invitation'
              : `Signed in ${formatDate(p.data.userActivity.last_sign_in_at)}`
            : '',
      },
      {
        colId: 'actions',
        headerName: 'Actions',
        sortable: false,
        cellRenderer: (p: { data?: CustomerUser }) =>
          p.data ? (
            <span
              style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}
              onPointerDownCapture={(e) => {
                // React bubbles events from portals (the confirm popup); only real clicks in the cell count
                if (e.currentTarget.contains(e.target as Node)) actionPressed.current = true;
              }}
            >
              <UserActions user={p.data} onAction={(a) => run(p.data as CustomerUser, a)} />
            </span>
          ) : null,
      },
      // at 1400 px the actions stay in view; phone and created follow them (the drawer has them too)
      { field: 'phone_number', headerName: 'Phone' },
      { field: 'created_at', headerName: 'Created', minWidth: 130, valueFormatter: (p) => formatDate(p.value) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [customerId],
  );

  const title = customerId ? `Users of ${customer.data?.name ?? `customer #${customerId}`}` : 'Customer Users';
  return (
    <Page
      title={title}
      actions={
        <>
          <ButtonLink to="/customer">Customers</ButtonLink>
          {customerId && (
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => setInviteOpen(true)}
              disabled={!customer.data}
            >
              Invite User
            </Button>
          )}
        </>
      }
    >
      {customer.error && (
        <Alert
          type="error"
          showIcon
          title={`Error loading customer #${customerId}`}
          description={errorMessage(customer.error)}
        />
      )}
      {(!customerId || customer.data) && (
        <ServerGrid<CustomerUser>
          ref={grid}
          endpoint={customerUserGrid}
          liveKey={queryKeys.customers.all}
          params={customerId ? { customerId } : undefined}
          columnDefs={columnDefs}
          rowHeight={40}
          noRowsText="You have no registered user."
          onRowClicked={onRowClicked}
          testId="customer-users-grid"
        />
      )}
      <UserDrawer user={selected} onClose={() => setSelected(null)} onAction={run} busy={action.isPending} />
      {customer.data && (
        <InviteDialog
          open={inviteOpen}
          customer={customer.data}
          onClose={() => setInviteOpen(false)}
          onInvited={() => {
            setInviteOpen(false);
            grid.current?.refresh();
          }}
        />
      )}
    </Page>
  );
}

function UserActions({ user, onAction }: { user: CustomerUser; onAction: (a: UserAction) => void }) {
  return (
    <Space size={4} onClick={(e) => e.stopPropagation()}>
      {customerUserActions(user).map((a) =>
        a === 'revoke' ? (
          <Popconfirm
            key={a}
            title={`Revoke access for ${user.name}?`}
            description="The user can no longer sign in."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            onConfirm={() => onAction({ kind: 'revoke' })}
          >
            <Button size="small" danger>
              {ACTION_LABEL[a]}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={a} size="small" onClick={() => onAction({ kind: a })}>
            {ACTION_LABEL[a]}
          </Button>
        ),
      )}
    </Space>
  );
}

function UserDrawer(props: {
  user: CustomerUser | null;
  onClose: () => void;
  onAction: (u: CustomerUser, a: UserAction) => void;
  busy: boolean;
}) {
  const u = props.user;
  return (
    <Drawer open={!!u} onClose={props.onClose} title={u?.name} size={440}>
      {u && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Email">{u.email}</Descriptions.Item>
            <Descriptions.Item label="Phone">{u.phone_number || '—'}</Descriptions.Item>
            <Descriptions.Item label="Customer">
              {u.customer ? <Link to={`/customer/${u.customer.id}/edit`}>{u.customer.name}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Access">
              <Tag color={ACCESS_COLOR[u.access]}>{u.access}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Invitation">
              {u.pending_invitation ? 'Pending invitation' : 'Accepted'}
              {u.emailInvitation && (
                <div style={{ fontSize: 12, color: '#888' }}>
                  Sent {formatDateTime(u.emailInvitation.updated_at ?? u.emailInvitation.invited_at)}
                </div>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Last sign-in">
              {u.userActivity.last_sign_in_at ? formatDateTime(u.userActivity.last_sign_in_at) : 'Never'}
            </Descriptions.Item>
            <Descriptions.Item label="Created">{formatDate(u.created_at)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            Notifications
          </Typography.Title>
          <Flex vertical gap={8}>
            {(
              [
                ['app_notification', 'App'],
                ['email_notification', 'Email'],
                ['sms_notification', 'SMS'],
              ] as const
            ).map(([k, label]) => (
              <Flex key={k} justify="space-between" align="center">
                {label}
                <Switch
                  checked={u[k]}
                  aria-label={`${label} notifications`}
                  loading={props.busy}
                  onChange={(checked) => props.onAction(u, { kind: 'preferences', preferences: { [k]: checked } })}
                />
              </Flex>
            ))}
          </Flex>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            Access
          </Typography.Title>
          <Flex gap={8} wrap>
            <UserActions user={u} onAction={(a) => props.onAction(u, a)} />
            {u.pending_invitation && !u.revoked && (
              <Button size="small" icon={<MailOutlined />} onClick={() => props.onAction(u, { kind: 'resend' })}>
                Resend invitation
              </Button>
            )}
          </Flex>
        </>
      )}
    </Drawer>
  );
}

function InviteDialog(props: {
  open: boolean;
  customer: { id: number; name: string; tabc_id: string };
  onClose: () => void;
  onInvited: () => void;
}) {
  const [form] = Form.useForm();
  const invite = useInviteUser();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<string[] | null>(null);
  // what is typed and not sent asks before the page is left (issue 30)
  const unsaved = useFormUnsaved(props.open);
  const close = () => {
    unsaved.discard();
    props.onClose();
  };
  const wrap = () => ({ values: form.getFieldsValue(true), customer: props.customer.id });
  const rule = (f: string) => [
    {
      validator: async () => {
        const r = invitationSchema.safeParse(wrap());
        const issue = r.success ? undefined : r.error.issues.find((i) => i.path[1] === f);
        if (issue) throw new Error(issue.message);
      },
    },
  ];
  const submit = async () => {
    setErrors(null);
    const values = await validValues(form);
    if (!values) return;
    try {
      await invite.mutateAsync({ values, customer: props.customer.id });
      message.success(`Invitation sent to ${values.email}`);
      form.resetFields();
      unsaved.saved();
      props.onInvited();
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <Modal
      open={props.open}
      title={`Invite a user for ${props.customer.name}`}
      okText="Send Invitation"
      onOk={submit}
      okButtonProps={{ loading: invite.isPending }}
      onCancel={close}
      destroyOnHidden
    >
      {errors && <Alert type="error" showIcon title={errors.join(' ')} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tabc_id: props.customer.tabc_id }}
        preserve={false}
        onValuesChange={unsaved.changed}
      >
        <Form.Item label="Name" name="name" rules={rule('name')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" />
        </Form.Item>
        <Form.Item label="TABC ID" name="tabc_id">
          <Input />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">The user gets an email with a link to create an account.</Typography.Text>
    </Modal>
  );
}
