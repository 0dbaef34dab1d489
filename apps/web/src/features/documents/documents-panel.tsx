import type { PanelInvoice } from '../../lib/extensions';
import {
  CameraOutlined,
  EditOutlined,
  EyeOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { formatDateTime } from '@dbo/domain/dates';
import { DOCUMENT_MSG, documentUpdateSchema } from '@dbo/domain/payment';
import { App, Button, Card, Flex, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { errorMessages } from '../../lib/api';
import { DeleteConfirm } from '../../lib/delete-confirm';
import { ErrorAlert } from '../../lib/form-parts';
import { zodRule } from '../../lib/zod-form';
import {
  fetchDocumentBlob,
  type InvoiceDocument,
  photoAsJpeg,
  useDeleteDocument,
  useDocuments,
  useUpdateDocument,
  useUploadDocument,
} from './api';

const { Text } = Typography;
const ACCEPT = 'application/pdf,image/*';

function Preview({ doc, onClose }: { doc: InvoiceDocument | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    let objectUrl: string | null = null;
    let live = true;
    fetchDocumentBlob(doc.id)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      })
      .catch(() => {
        message.error(DOCUMENT_MSG.previewError);
        onClose();
      });
    return () => {
      live = false;
      setUrl(null);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [doc, message, onClose]);
  return (
    <Modal open={!!doc} title={doc?.originalname} footer={null} width={900} onCancel={onClose} destroyOnHidden>
      <div data-testid="document-preview" style={{ minHeight: 200 }}>
        {!url ? (
          <Card loading variant="borderless" />
        ) : doc?.mimetype === 'application/pdf' ? (
          <iframe title={doc.originalname} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
        ) : (
          <img alt={doc?.originalname} src={url} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
        )}
      </div>
    </Modal>
  );
}

function EditDocument({
  doc,
  invoiceId,
  onClose,
}: {
  doc: InvoiceDocument | null;
  invoiceId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ originalname: string; note: string }>();
  const update = useUpdateDocument(invoiceId);
  useEffect(() => {
    if (doc) form.setFieldsValue({ originalname: doc.originalname, note: doc.note });
  }, [doc, form]);
  return (
    <Modal
      open={!!doc}
      title="Edit document"
      okText="Save"
      okButtonProps={{ loading: update.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          if (!doc) return;
          try {
            await update.mutateAsync({ id: doc.id, originalname: v.originalname, note: v.note ?? '' });
            message.success('Document updated');
            onClose();
          } catch (err) {
            message.error({ content: `${DOCUMENT_MSG.updateError}: ${errorMessages(err).join(' ')}`, duration: 15 });
          }
        }}
      >
        <Form.Item name="originalname" label="File name" rules={[zodRule(documentUpdateSchema, 'originalname')]}>
          <Input aria-label="File name" />
        </Form.Item>
        <Form.Item name="note" label="Note">
          <Input.TextArea aria-label="Document note" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Documents of an invoice: upload pdf or images (camera photos as JPEG) with a note, preview, rename, delete. */
export default function DocumentsPanel({ invoice }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const docs = useDocuments(invoice.id);
  const upload = useUploadDocument(invoice.id);
  const remove = useDeleteDocument(invoice.id);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [uploadError, setUploadError] = useState<string[] | null>(null);
  const [removeError, setRemoveError] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<InvoiceDocument | null>(null);
  const [editing, setEditing] = useState<InvoiceDocument | null>(null);
  // a chosen file not uploaded yet is work to lose
  useUnsavedChangesPrompt(file !== null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  const send = async () => {
    if (!file) return;
    setUploadError(null);
    try {
      await upload.mutateAsync({ file, note, name: file.name });
      message.success('Document uploaded');
      setFile(null);
      setNote('');
      if (fileInput.current) fileInput.current.value = '';
      if (cameraInput.current) cameraInput.current.value = '';
    } catch (err) {
      message.error(DOCUMENT_MSG.uploadError);
      setUploadError(errorMessages(err));
    }
  };

  return (
    <Card title="Documents" size="small" data-testid="documents-panel">
      {docs.isError && <ErrorAlert title={DOCUMENT_MSG.loadBox} errors={errorMessages(docs.error)} gap={12} />}
      {uploadError && (
        <ErrorAlert
          title={DOCUMENT_MSG.uploadBox}
          errors={uploadError}
          gap={12}
          closable
          onClose={() => setUploadError(null)}
        />
      )}
      {removeError && (
        <ErrorAlert
          title={DOCUMENT_MSG.removeBox}
          errors={removeError}
          gap={12}
          closable
          onClose={() => setRemoveError(null)}
        />
      )}
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="center">
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="document-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setFile(f ? await photoAsJpeg(f) : null);
            }}
          />
          <Button icon={<PaperClipOutlined />} onClick={() => fileInput.current?.click()}>
            Choose File
          </Button>
          <Button icon={<CameraOutlined />} onClick={() => cameraInput.current?.click()}>
            Take Photo
          </Button>
          {file && (
            <Tag closable onClose={() => setFile(null)}>
              {file.name}
            </Tag>
          )}
        </Flex>
        <Flex gap={8}>
          <Input
            aria-label="Document note"
            placeholder="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="primary" icon={<UploadOutlined />} disabled={!file} loading={upload.isPending} onClick={send}>
            Upload
          </Button>
        </Flex>
      </Flex>
      <List
        style={{ marginTop: 12 }}
        size="small"
        loading={docs.isLoading}
        dataSource={docs.data ?? []}
        locale={{ emptyText: 'No documents yet' }}
        renderItem={(d) => (
          <List.Item
            data-testid="document-item"
            actions={[
              <Button key="view" size="small" icon={<EyeOutlined />} onClick={() => setPreview(d)}>
                Preview
              </Button>,
              <Button
                key="edit"
                size="small"
                icon={<EditOutlined />}
                aria-label="Edit document"
                onClick={() => setEditing(d)}
              />,
              <DeleteConfirm
                key="delete"
                title="Delete this document?"
                label="Delete document"
                onConfirm={async () => {
                  setRemoveError(null);
                  try {
                    await remove.mutateAsync(d.id);
                  } catch (err) {
                    setRemoveError(errorMessages(err));
                  }
                }}
              />,
            ]}
          >
            <List.Item.Meta
              avatar={
                d.mimetype === 'application/pdf' ? (
                  <FilePdfOutlined style={{ fontSize: 20 }} />
                ) : (
                  <FileImageOutlined style={{ fontSize: 20 }} />
                )
              }
              title={d.originalname}
              description={
                <>
                  {d.note && <div>{d.note}</div>}
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(d.updatedAt)}
                  </Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      <Preview doc={preview} onClose={() => setPreview(null)} />
      <EditDocument doc={editing} invoiceId={invoice.id} onClose={() => setEditing(null)} />
    </Card>
  );
}
