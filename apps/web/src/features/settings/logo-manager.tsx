import { INVOICE_STATUSES } from '@dbo/domain/constants';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Modal, Popconfirm, Progress, Tag, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { logosKey, saveCompany, uploadLogo, useLogos, useRemoveLogo } from './api';
import { useQueryClient } from '@tanstack/react-query';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'success'; progress: number }
  | { phase: 'error'; error: string };

/** Upload progress is simulated: it creeps up to 90 until the server answers, then 100. */
function useSimulatedProgress() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  return {
    state,
    start() {
      setState({ phase: 'uploading', progress: 0 });
      timer.current = setInterval(() => {
        setState((s) => (s.phase === 'uploading' ? { ...s, progress: Math.min(90, s.progress + 10) } : s));
      }, 150);
    },
    done() {
      stop();
      setState({ phase: 'success', progress: 100 });
    },
    fail(error: string) {
      stop();
      setState({ phase: 'error', error });
    },
    reset() {
      stop();
      setState({ phase: 'idle' });
    },
  };
}

export function LogoManager() {
  const { user, refresh, can } = useSession();
  const editable = can('company.edit');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const logos = useLogos();
  const remove = useRemoveLogo();
  const [open, setOpen] = useState(false);
  const progress = useSimulatedProgress();
  const defaultId = user?.company.default_logo_id as number | null;

  const upload = async (file: File) => {
    progress.start();
    try {
      await uploadLogo(file);
      progress.done();
      await qc.invalidateQueries({ queryKey: logosKey });
      void refresh();
      setTimeout(() => {
        setOpen(false);
        progress.reset();
      }, 1500);
    } catch (err) {
      progress.fail(errorMessage(err));
    }
  };

  const makeDefault = async (id: number) => {
    try {
      const company = user!.company;
      const { id: _id, companyFeatures: _f, logos: _l, created_at: _c, updated_at: _u, ...values } = company;
      // the company answers its default status as a string; the form sends one of the statuses
      const status = INVOICE_STATUSES.find((s) => s === values.default_invoice_status);
      await saveCompany(company.id, { ...values, default_invoice_status: status, default_logo_id: id });
      await refresh();
      message.success('Default logo changed');
    } catch (err) {
      message.error(errorMessage(err));
    }
  };

  return (
    <Card
      title="Logos"
      extra={
        editable && (
          <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
            Upload Logo
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">Tip: use a logo of 200x100 px or a 2:1 aspect ratio.</Typography.Paragraph>
      {logos.isError && (
        <Alert type="error" showIcon title="Error loading Logos" description={errorMessage(logos.error)} />
      )}
      {remove.isError && (
        <Alert type="error" showIcon title="Error Removing Logo" description={errorMessage(remove.error)} />
      )}
      {logos.data?.length === 0 && <Empty description="No logo yet" />}
      <Flex wrap gap={16}>
        {logos.data?.map((l) => (
          <Card
            key={l.id}
            size="small"
            style={{ width: 220 }}
            cover={
              <img
                src={l.path}
                alt={l.originalname}
                style={{ height: 100, objectFit: 'contain', padding: 8, background: '#fafafa' }}
              />
            }
            actions={
              editable
                ? [
                    l.id === defaultId ? (
                      <Tag color="green" key="d">
                        Default
                      </Tag>
                    ) : (
                      <Button key="d" type="link" size="small" onClick={() => makeDefault(l.id)}>
                        Make default
                      </Button>
                    ),
                    <Popconfirm
                      key="r"
                      title="Remove this logo?"
                      onConfirm={() => remove.mutateAsync(l.id).then(() => refresh())}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${l.originalname}`}
                      />
                    </Popconfirm>,
                  ]
                : l.id === defaultId
                  ? [
                      <Tag color="green" key="d">
                        Default
                      </Tag>,
                    ]
                  : []
            }
          >
            <Typography.Text ellipsis>{l.originalname}</Typography.Text>
          </Card>
        ))}
      </Flex>
      <Modal
        open={open}
        title="Upload Logo"
        footer={null}
        onCancel={() => {
          setOpen(false);
          progress.reset();
        }}
      >
        <Upload.Dragger
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          disabled={progress.state.phase === 'uploading'}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <UploadOutlined />
          </p>
          <p>Click or drag an image here (PNG, JPEG, GIF or WebP, at most 2 MB)</p>
        </Upload.Dragger>
        {(progress.state.phase === 'uploading' || progress.state.phase === 'success') && (
          <Progress
            aria-label="Logo upload progress"
            percent={progress.state.progress}
            status={progress.state.phase === 'success' ? 'success' : 'active'}
          />
        )}
        {progress.state.phase === 'error' && (
          <Alert
            type="error"
            showIcon
            title="Error Uploading Logo"
            description={progress.state.error}
            style={{ marginTop: 12 }}
          />
        )}
      </Modal>
    </Card>
  );
}
