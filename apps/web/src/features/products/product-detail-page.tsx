import { productTypeLabel } from '@dbo/domain/constants';
import { formatDate, formatDateTime, todayInTexas } from '@dbo/domain/dates';
import { isFeatureActive } from '@dbo/domain/features';
import { formatMoney } from '@dbo/domain/money';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Flex, Popconfirm, Row, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { NotFoundPage } from '../../lib/not-found';
import { Page } from '../../lib/page';
import {
  type InventoryEntry,
  type PriceChange,
  type ProductInvoice,
  useDeleteProduct,
  useProduct,
  useSaveProduct,
} from './api';
import { ProductFormModal } from './product-form-modal';
import { ProductTypeTag } from './product-type-tag';
import { ButtonLink } from '../../lib/button-link';

const invoiceNumber = (r: { number: number | null; beer?: boolean | null }) => `${r.number}${r.beer ? 'B' : ''}`;

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { user, feature } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { data: product, isLoading, error } = useProduct(id);
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState(false);
  const [actionError, setActionError] = useState<{ title: string; text: string } | null>(null);
  const bottlePos = isFeatureActive(user?.company.companyFeatures, 'bottle_pos');

  // a product address that names no product (not a number, or none of ours) is the not-found page
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) return <NotFoundPage />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  if (isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (error || !product)
    return (
      <Page title="Product">
        <Alert type="error" showIcon title="Error loading product" description={errorMessage(error)} />
        <Link to="/product">Back to products</Link>
      </Page>
    );

  const toggleArchive = async () => {
    setActionError(null);
    try {
      await save.mutateAsync({ id: product.id, body: { archived: !product.archived } });
      message.success(product.archived ? 'Product restored' : 'Product archived');
    } catch (err) {
      setActionError({ title: 'Did not archive product', text: errorMessage(err) });
    }
  };
  const doDelete = async () => {
    setActionError(null);
    try {
      await remove.mutateAsync(product.id);
      message.success('Product removed');
      navigate('/product');
    } catch (err) {
      setActionError({ title: 'Did not remove product', text: errorMessage(err) });
    }
  };
  const neverInvoiced = product.invoice_count === 0;

  return (
    <Page
      title={
        <Flex gap={8} align="center" wrap>
          {product.product} <ProductTypeTag type={product.product_type} />
          {product.archived && <Tag>Archived</Tag>}
        </Flex>
      }
      actions={
        <>
          <ButtonLink to="/product">All Products</ButtonLink>
          <Button onClick={() => setEditing(true)}>Edit</Button>
          <Button onClick={toggleArchive} loading={save.isPending}>
            {product.archived ? 'Restore' : 'Archive'}
          </Button>
          <Popconfirm
            title="Delete this product?"
            description="This removes the product for good."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={doDelete}
            disabled={!neverInvoiced || bottlePos}
          >
            <Button
              danger
              disabled={!neverInvoiced || bottlePos}
              title={
                bottlePos
                  ? 'Products cannot be deleted while Bottle POS is active'
                  : neverInvoiced
                    ? undefined
                    : 'Invoiced products cannot be deleted; archive them instead'
              }
            >
              Delete
            </Button>
          </Popconfirm>
        </>
      }
    >
      {actionError && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setActionError(null) }}
          title={actionError.title}
          description={actionError.text}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="Product" data-testid="product-detail-card">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Name">{product.product}</Descriptions.Item>
              <Descriptions.Item label="Type">{productTypeLabel(product.product_type)}</Descriptions.Item>
              <Descriptions.Item label="Size">{product.product_size}</Descriptions.Item>
              <Descriptions.Item label="Unit Price">
                {formatMoney(product.product_price)}
                {product.effective_date && (
                  <span style={{ color: '#888', marginLeft: 6 }}>since {formatDate(product.effective_date)}</span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Last Purchase Price">
                {formatMoney(product.last_purchase_price)}
              </Descriptions.Item>
              <Descriptions.Item label="UPC">{product.upc || '—'}</Descriptions.Item>
              {feature('internal_sku') && (
                <Descriptions.Item label="Internal SKU">{product.internal_sku || '—'}</Descriptions.Item>
              )}
              <Descriptions.Item label="Distributor">{product.distributor || '—'}</Descriptions.Item>
              <Descriptions.Item label="Reorder Level">{product.reorder_level ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Reorder Qty">{product.reorder_qty ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Reorder Time">
                {product.reorder_time_in_days !== null ? `${product.reorder_time_in_days} days` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="Units Sold">{product.units_sold}</Descriptions.Item>
              <Descriptions.Item label="Amount Sold">{formatMoney(product.amount_sold)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title="Price changes"
            extra={<Button onClick={() => setEditing(true)}>Change Price</Button>}
            data-testid="price-changes"
          >
            <Table<PriceChange>
              size="small"
              rowKey="id"
              pagination={{ pageSize: 5, hideOnSinglePage: true }}
              dataSource={product.priceChanges}
              locale={{ emptyText: 'The price has not changed since the product was created.' }}
              columns={[
                {
                  title: 'Effective',
                  dataIndex: 'effective_date',
                  render: (v: string) => (
                    <>
                      {formatDate(v)} {v > todayInTexas() && <Tag color="blue">Scheduled</Tag>}
                    </>
                  ),
                },
                { title: 'Old Price', dataIndex: 'old_price', render: (v) => formatMoney(v) },
                { title: 'New Price', dataIndex: 'new_price', render: (v) => formatMoney(v) },
                {
                  title: 'Customer',
                  dataIndex: 'customer_name',
                  render: (v: string | null) => v ?? <span style={{ color: '#888' }}>Every customer</span>,
                },
                { title: 'Recorded', dataIndex: 'created_at', render: (v) => formatDateTime(v) },
              ]}
            />
          </Card>
        </Col>
        {feature('inventory') && (
          <Col xs={24}>
            <Card
              title={
                <Flex gap={8} align="center">
                  Inventory history
                  {product.inventory && (
                    <Tag color={product.inventory.reorder_needed ? 'orange' : 'default'}>
                      {product.inventory.qty} in stock
                    </Tag>
                  )}
                </Flex>
              }
              data-testid="inventory-history"
            >
              <Table<InventoryEntry>
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={product.inventory?.inventoryHistory ?? []}
                locale={{ emptyText: 'No inventory records found.' }}
                columns={[
                  { title: 'Date', dataIndex: 'created_at', render: (v) => formatDateTime(v) },
                  {
                    title: 'Qty',
                    dataIndex: 'qty',
                    render: (v: number) => (
                      <span style={{ color: v < 0 ? '#c0392b' : '#1e7b34' }}>{v > 0 ? `+${v}` : v}</span>
                    ),
                  },
                  { title: 'Source', dataIndex: 'source' },
                  {
                    title: 'Reference',
                    key: 'ref',
                    render: (_, r) =>
                      r.invoice ? (
                        <Link to={`/invoice/${invoiceNumber({ number: r.invoice, beer: r.beer })}`}>
                          Invoice #{invoiceNumber({ number: r.invoice, beer: r.beer })}
                        </Link>
                      ) : (
                        (r.ref_number ?? '—')
                      ),
                  },
                  { title: 'Unit Price', dataIndex: 'unit_price', render: (v) => (v === null ? '—' : formatMoney(v)) },
                  {
                    title: 'On Deal',
                    dataIndex: 'on_deal',
                    render: (v: boolean) => (v ? <Tag color="gold">On deal</Tag> : ''),
                  },
                ]}
              />
            </Card>
          </Col>
        )}
        <Col xs={24}>
          <Card
            title={`Invoice history${product.invoice_count > product.invoices.length ? ` (latest ${product.invoices.length} of ${product.invoice_count})` : ''}`}
            data-testid="invoice-history"
          >
            {neverInvoiced ? (
              <Empty description="This product has never been invoiced.">
                <ButtonLink to={`/invoice/create?productId=${product.id}`} type="primary">
                  Create Invoice
                </ButtonLink>
              </Empty>
            ) : (
              <Table<ProductInvoice>
                size="small"
                rowKey="id"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={product.invoices}
                columns={[
                  {
                    title: 'Invoice',
                    key: 'number',
                    render: (_, r) => <Link to={`/invoice/${invoiceNumber(r)}`}>#{invoiceNumber(r)}</Link>,
                  },
                  { title: 'Date', dataIndex: 'invoiced_at', render: (v) => formatDate(v) },
                  { title: 'Customer', dataIndex: 'customer_name', render: (v) => v ?? 'Deleted Customer' },
                  { title: 'Status', dataIndex: 'status', render: (v: string) => v.replace(/_/g, ' ') },
                  { title: 'Qty', dataIndex: 'qty' },
                  { title: 'Price', dataIndex: 'price', render: (v) => formatMoney(v) },
                  { title: 'Total', dataIndex: 'total', render: (v) => formatMoney(v) },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
      <ProductFormModal open={editing} product={product} onClose={() => setEditing(false)} />
    </Page>
  );
}
