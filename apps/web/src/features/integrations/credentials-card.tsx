import {
  INTEGRATION_NAMES,
  type IntegrationName,
  type IntegrationSaved,
  type IntegrationSettings,
} from '@dbo/domain/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Tag } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { removeIntegrationKey, saveIntegrationKey, useCredentials } from './api';

function PartnerRow({
  name,
  current,
  canEdit,
}: {
  name: IntegrationName;
  current?: IntegrationSettings;
  canEdit: boolean;
}) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  // a key typed and not saved asks before the settings page is left
  useUnsavedChangesPrompt(key.trim() !== '');
  const title = current?.title ?? name;
  const onDone = (text: string) => async () => {
    await qc.invalidateQueries({ queryKey: queryKeys.integrations.all });
    setKey('');
    setError(null);
    message.success(text);
  };
  // a point of sale's key is tested as it is saved: the result is said, a failure stays on screen
  const [tested, setTested] = useState<IntegrationSaved['test']>(null);
  const save = useMutation({
    mutationFn: (api_key: string) => saveIntegrationKey(name, api_key),
    onSuccess: async (saved) => {
      await qc.invalidateQueries({ queryKey: queryKeys.integrations.all });
      setKey('');
      setError(null);
      setTested(saved.test);
      if (!saved.test) message.success(`${title} API key saved`);
      else if (saved.test.ok) message.success(saved.test.message);
      else message.warning(saved.test.message);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => removeIntegrationKey(name),
    onSuccess: async () => {
      setTested(null);
      await onDone(`${title} API key removed`)();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const inputId = `integration-key-${name}`;
  const submit = () => key.trim() && save.mutate(key.trim());
  return (
    <Flex vertical gap={6} style={{ padding: '8px 0' }}>
      <Flex align="center" gap={12} wrap>
        <label htmlFor={inputId} style={{ minWidth: 140, fontWeight: 600 }}>
          {title} API key
        </label>
        {current?.configured ? <Tag color="green">Saved {current.api_key}</Tag> : <Tag>Not set</Tag>}
      </Flex>
      <Flex gap={8} wrap>
        <Input.Password
          id={inputId}
          value={key}
          autoComplete="off"
          placeholder={current?.configured ? 'Enter a new key to replace it' : 'Paste the API key'}
          onChange={(e) => setKey(e.target.value)}
          disabled={!canEdit}
          maxLength={200}
          style={{ maxWidth: 360 }}
          onPressEnter={submit}
        />
        <Button
          type="primary"
          onClick={submit}
          disabled={!canEdit || !key.trim()}
          loading={save.isPending}
          aria-label={`Save ${title} API key`}
        >
          Save
        </Button>
        {current?.configured && (
          <Button
            danger
            onClick={() => remove.mutate()}
            disabled={!canEdit}
            loading={remove.isPending}
            aria-label={`Remove ${title} API key`}
          >
            Remove
          </Button>
        )}
      </Flex>
      {error && <Alert type="error" showIcon closable={{ onClose: () => setError(null) }} title={error} />}
      {tested && (
        <Alert
          type={tested.ok ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setTested(null) }}
          title={tested.message}
          data-testid={`integration-test-${name}`}
        />
      )}
    </Flex>
  );
}

/** Settings card: the partners' API keys (stored encrypted; the server answers them masked). */
export function IntegrationCredentialsCard() {
  const { user } = useSession();
  const list = useCredentials();
  const canEdit = user?.role === 'owner';
  return (
    <Flex vertical>
      {!canEdit && <Alert type="info" showIcon title="Only the owner can change integration credentials" />}
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      {INTEGRATION_NAMES.map((n) => (
        <PartnerRow key={n} name={n} canEdit={canEdit} current={list.data?.find((i) => i.name === n)} />
      ))}
    </Flex>
  );
}
