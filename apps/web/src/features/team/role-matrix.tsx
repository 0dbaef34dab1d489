import { permissionMatrix, ROLE_LABELS, ROLES } from '@dbo/domain/permissions';
import { CheckOutlined } from '@ant-design/icons';
import { Table } from 'antd';

type Row = ReturnType<typeof permissionMatrix>[number];

/** The permission table the server enforces, readable: one row an action, one column a role. */
export function RoleMatrix() {
  const rows = permissionMatrix().filter((r) => r.action !== 'invoice.draft' || r.roles.sales);
  return (
    <Table<Row>
      size="small"
      rowKey="action"
      pagination={false}
      dataSource={rows}
      scroll={{ x: true }}
      columns={[
        { title: 'Area', dataIndex: 'group', width: 150 },
        { title: 'Action', dataIndex: 'phrase' },
        ...ROLES.map((role) => ({
          title: ROLE_LABELS[role],
          key: role,
          align: 'center' as const,
          render: (_: unknown, r: Row) =>
            r.roles[role] ? (
              <CheckOutlined aria-label={`${ROLE_LABELS[role]} may ${r.phrase}`} />
            ) : (
              <span className="visually-hidden">{`${ROLE_LABELS[role]} may not ${r.phrase}`}</span>
            ),
        })),
      ]}
    />
  );
}
