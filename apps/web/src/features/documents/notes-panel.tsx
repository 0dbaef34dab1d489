import type { PanelInvoice } from '../../lib/extensions';
import { formatDateTime } from '@dbo/domain/dates';
import { DOCUMENT_MSG, privateNoteSchema } from '@dbo/domain/payment';
import { Alert, App, Button, Card, Flex, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useUnsavedChangesPrompt } from '../../lib/unsaved-changes';
import { errorMessages } from '../../lib/api';
import { DeleteConfirm } from '../../lib/delete-confirm';
import { useAddNote, useDeleteNote, useNotes } from './api';

const { Text } = Typography;

/** Private notes: for the staff only, never on the PDF or the customer's copy. */
export default function NotesPanel({ invoice }: { invoice: PanelInvoice; reload: () => void }) {
  const { message } = App.useApp();
  const notes = useNotes(invoice.id);
  const add = useAddNote(invoice.id);
  const remove = useDeleteNote(invoice.id);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  useUnsavedChangesPrompt(text.trim() !== '');

  const submit = async () => {
    const parsed = privateNoteSchema.safeParse({ note: text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      return;
    }
    try {
      await add.mutateAsync(parsed.data.note);
      setText('');
    } catch (err) {
      message.error(`${DOCUMENT_MSG.noteAddError}: ${errorMessages(err).join(' ')}`);
    }
  };

  return (
    <Card title="Private notes" size="small" data-testid="notes-panel">
      {notes.isError && <Alert type="error" showIcon title="Error loading notes" style={{ marginBottom: 12 }} />}
      <List
        size="small"
        loading={notes.isLoading}
        dataSource={notes.data ?? []}
        locale={{ emptyText: 'No private notes' }}
        renderItem={(n) => (
          <List.Item
            data-testid="note-item"
            actions={[
              <DeleteConfirm
                key="delete"
                title="Delete this note?"
                label="Delete note"
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(n);
                  } catch {
                    message.error(DOCUMENT_MSG.noteDeleteError);
                  }
                }}
              />,
            ]}
          >
            <div>
              <div style={{ whiteSpace: 'pre-wrap' }}>{n.note}</div>
              <Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(n.createdAt)}
                {n.user ? ` · ${n.user}` : ''}
              </Text>
            </div>
          </List.Item>
        )}
      />
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        <Input.TextArea
          aria-label="Private note"
          rows={2}
          placeholder="Only your staff sees these notes"
          value={text}
          status={fieldError ? 'error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setFieldError(null);
          }}
        />
        {fieldError && <Text type="danger">{fieldError}</Text>}
        <Flex justify="end">
          <Button type="primary" loading={add.isPending} onClick={submit}>
            Add Note
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
