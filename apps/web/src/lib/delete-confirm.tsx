import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';

/** A small red delete icon (named by `label`) that asks `title` before it calls `onConfirm`. */
export function DeleteConfirm({ title, label, onConfirm }: { title: string; label: string; onConfirm: () => unknown }) {
  return (
    <Popconfirm title={title} okText="Delete" okButtonProps={{ danger: true }} onConfirm={onConfirm}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={label} />
    </Popconfirm>
  );
}
