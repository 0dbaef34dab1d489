import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { FINTECH_MSG } from '@dbo/domain/fintech';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { convertFintechFile, downloadFintechSample } from './fintech-api';

const { Paragraph, Text } = Typography;

/**
 * 'Upload Fintech Invoice' on the invoice list: POST /invoice/convert, then the builder opens with
 * the draft (navigation state `fintechDraft`). A bad file shows 'Error Uploading Invoice' and why.
 */
export function FintechUploadButton() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const inputId = useId();

  const close = () => {
    setOpen(false);
    setFile(null);
    setError(null);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const draft = await convertFintechFile(file);
      close();
      navigate('/invoice/create', { state: { fintechDraft: draft } });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Upload Fintech Invoice
      </Button>
      <Modal
        open={open}
        title="Upload Fintech Invoice"
        onCancel={close}
        okText="Upload"
        okButtonProps={{ disabled: !file, loading: busy }}
        onOk={() => void upload()}
        destroyOnHidden
      >
        <Paragraph>
          A fintech invoice file (CSV, the columns of the Fintech export) becomes a new invoice in the builder. Lines
          are matched to your products by UPC, then by name and size; the customer by its Fintech ID, TABC permit or
          name. Nothing is saved until you create the invoice.
        </Paragraph>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => downloadFintechSample().catch((err) => message.error(errorMessage(err, 'Error downloading')))}
        >
          Download the sample file
        </Button>
        <Flex vertical gap={4} style={{ marginTop: 12 }}>
          <label htmlFor={inputId}>
            <Text strong>Fintech invoice file (CSV)</Text>
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            data-testid="fintech-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Flex>
        {error && (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={FINTECH_MSG.uploadError} description={error} />
        )}
      </Modal>
    </>
  );
}
