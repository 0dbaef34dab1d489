import { ArrowLeftOutlined, FileAddOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { ORDER_STATUS_LABELS } from '@dbo/domain/constants';
import { INVOICEABLE_STATUSES, ORDER_MSG } from '@dbo/domain/order';
import { formatDate, formatDateTime } from '@dbo/domain/dates';
import { formatMoney } from '@dbo/domain/money';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { errorMessage } from '../../lib/api';
import { gatedPage } from '../../lib/feature-gate';
import { Page } from '../../lib/page';
import { type OrderDetail, type OrderNote, useOrder, useUpdateOrder } from './api';
import { OrderItemsTable } from './order-items-table';
import { OrderStatusTag, orderStatusLabel } from '../../lib/order-status-tag';
import './orders.css';
import { ButtonLink } from '../../lib/button-link';
import { LoadFailed } from '../../lib/load-failed';

const { Text } = Typography;

function CancelDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const update = useUpdateOrder({
    onSuccess: () => {
      message.success(`Order #${order.order_number} cancelled`);
      onClose();
    },
  });
  const next = 'cancelled';
  return (
    <Modal
      open={open}
      title="Change Status"
      okText="Yes, Change It"
      cancelText="Nevermind"
      okButtonProps={{ danger: true }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      onOk={() => {
        if (order.status === next) {
          message.info(ORDER_MSG.nothingToUpdate);
          onClose();
          return;
        }
        update.mutate(
          { id: order.id, body: { status: next } },
          { onError: (err) => message.error(errorMessage(err, ORDER_MSG.updateFailed)) },
        );
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Sure you want to change Status from <strong>{orderStatusLabel(order.status)}</strong> to{' '}
        <strong>{ORDER_STATUS_LABELS.cancelled}</strong>?
      </Typography.Paragraph>
    </Modal>
  );
}

function RejectDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  // a note typed for the customer is asked about before the page is left (issue 30)
  useUnsavedChangesPrompt(open && note.trim() !== '');
  const update = useUpdateOrder({
    onSuccess: () => {
      message.success(`Order #${order.order_number} rejected`);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title="Reject order?"
      okText="Reject"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      onOk={() =>
        update.mutate(
          { id: order.id, body: { status: 'rejected', ...(note.trim() ? { note: note.trim() } : {}) } },
          { onError: () => message.error(ORDER_MSG.rejectFailed) },
        )
      }
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="This cannot be undone: a rejected order can no longer be invoiced."
        style={{ marginBottom: 16 }}
      />
      <Form layout="vertical">
        <Form.Item label="Note" htmlFor="reject-note" extra="Optional; the customer sees it.">
          <Input.TextArea
            id="reject-note"
            rows={3}
            maxLength={5000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NotesTable({ notes }: { notes: OrderNote[] }) {
  if (!notes.length) return null;
  return (
    <Card title="Notes" size="small" style={{ marginTop: 16 }}>
      <Table<OrderNote>
        rowKey={(n) => `${n.created_at}-${n.note}`}
        size="small"
        pagination={false}
        dataSource={notes}
        data-testid="order-notes"
        columns={[
          {
            title: 'Note',
            key: 'note',
            render: (_, n) =>
              n.company_user_id ? (
                <Badge.Ribbon text="From Distributor" color="#8b1e3f" placement="end">
                  <div style={{ paddingRight: 120, whiteSpace: 'pre-wrap' }}>{n.note}</div>
                </Badge.Ribbon>
              ) : (
                <div style={{ whiteSpace: 'pre-wrap' }}>{n.note}</div>
              ),
          },
          { title: 'Date', key: 'date', width: 200, render: (_, n) => formatDateTime(n.created_at) },
        ]}
      />
    </Card>
  );
}

function OrderDetailView() {
  const { number } = useParams();
  const navigate = useNavigate();
  const { feature } = useSession();
  const q = useOrder(number);
  const [dialog, setDialog] = useState<'cancel' | 'reject' | null>(null);

  if (q.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (q.error || !q.data)
    return <LoadFailed error={q.error} extra={<ButtonLink to="/order">Back to orders</ButtonLink>} />;
  const { order, modifiedOrderItems } = q.data;
  const customer = order.customer ?? order.customerUser?.customer ?? null;
  const placed = order.status === 'placed';

  return (
    <Page
      title={`Order #${order.order_number}`}
      actions={
        <>
          <ButtonLink to="/order" icon={<ArrowLeftOutlined />}>
            Back to orders
          </ButtonLink>
          <Button href={order.print_url} target="_blank" rel="noreferrer" icon={<PrinterOutlined />}>
            Print
          </Button>
          {placed && (
            <Button icon={<StopOutlined />} onClick={() => setDialog('cancel')}>
              Cancel
            </Button>
          )}
          {placed && (
            <Button danger onClick={() => setDialog('reject')}>
              Reject Order
            </Button>
          )}
          {INVOICEABLE_STATUSES.includes(order.status) && (
            <Button
              type="primary"
              icon={<FileAddOutlined />}
              onClick={() => navigate(`/invoice/create?order=${order.order_number}`)}
            >
              Create Invoice
            </Button>
          )}
        </>
      }
    >
      <Card>
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} md={12}>
            <div className="order-company">
              {order.logo && <img src={order.logo} alt="Company logo" />}
              <div>
                <Text strong style={{ fontSize: 16 }}>
                  {order.company.name}
                </Text>
                <div>{order.company.address}</div>
                <div>
                  {order.company.city}, {order.company.state} {order.company.zip}
                </div>
                {order.company.tabc_id && <Text type="secondary">TABC: {order.company.tabc_id}</Text>}
              </div>
            </div>
          </Col>
          <Col xs={24} md={12} style={{ textAlign: 'right' }}>
            <OrderStatusTag status={order.status} />
            <div style={{ marginTop: 8 }}>Ordered {formatDate(order.ordered_at ?? order.created_at)}</div>
            {order.invoices.length > 0 && (
              <div style={{ marginTop: 8 }} data-testid="order-invoices">
                {order.invoices.map((i) => {
                  const label = `${i.number}${i.beer ? 'B' : ''}`;
                  return (
                    <Link key={i.id} to={`/invoice/${label}`} style={{ marginLeft: 8 }}>
                      Invoice #{label}
                    </Link>
                  );
                })}
              </div>
            )}
          </Col>
        </Row>
      </Card>

      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          <Card title="Customer" size="small" data-testid="order-customer">
            {customer?.deleted && (
              <Text type="danger" strong data-testid="deleted-customer">
                {ORDER_MSG.deletedCustomer}
              </Text>
            )}
            {customer ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Name">
                  {customer.deleted ? (
                    <Text delete>{customer.name}</Text>
                  ) : (
                    <Link to={`/customer/${customer.id}/edit`}>{customer.name}</Link>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="Address">
                  {customer.address}, {customer.city}, {customer.state} {customer.zip}
                </Descriptions.Item>
                <Descriptions.Item label="TABC">{customer.tabc_id}</Descriptions.Item>
                <Descriptions.Item label="Price Tier">
                  {customer.productPriceTier ? (
                    <Tag color={customer.productPriceTier.color}>{customer.productPriceTier.name}</Tag>
                  ) : (
                    'Base'
                  )}
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Text type="danger">{ORDER_MSG.deletedCustomer}</Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Order Placed by" size="small" data-testid="order-placed-by">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Name">{order.customerUser?.name ?? 'Deleted user'}</Descriptions.Item>
              {order.customerUser?.email && (
                <Descriptions.Item label="Email">{order.customerUser.email}</Descriptions.Item>
              )}
              <Descriptions.Item label="Time">{formatDateTime(order.ordered_at ?? order.created_at)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>

      <Card title="Items" size="small" style={{ marginTop: 16 }}>
        {modifiedOrderItems.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={`${modifiedOrderItems.length} ${modifiedOrderItems.length === 1 ? 'line was' : 'lines were'} changed by the distributor`}
            data-testid="order-modified"
          />
        )}
        <OrderItemsTable items={order.orderItems} internalSku={feature('internal_sku')} />
        <div style={{ textAlign: 'right', marginTop: 12, fontSize: 16 }}>
          Total <strong data-testid="order-total">{formatMoney(order.total)}</strong>
        </div>
      </Card>

      <NotesTable notes={order.note} />

      <CancelDialog order={order} open={dialog === 'cancel'} onClose={() => setDialog(null)} />
      <RejectDialog order={order} open={dialog === 'reject'} onClose={() => setDialog(null)} />
    </Page>
  );
}

export default gatedPage('order', OrderDetailView);
