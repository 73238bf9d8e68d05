import { ActionIcon, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { AttachmentDraft } from './attachment';

const KIND_LABEL = { image: t.attachImage, sticker: t.attachSticker, document: t.attachDocument, audio: t.audio } as const;

export function AttachmentCard({
  attachment,
  caption,
  onCaption,
  onSend,
  onRemove,
  sending,
}: {
  attachment: AttachmentDraft;
  caption: string;
  onCaption: (v: string) => void;
  onSend: () => void;
  onRemove: () => void;
  sending: boolean;
}) {
  const { kind, previewUrl, name, mime } = attachment;
  return (
    <Paper withBorder radius="md" p={8} mb={6} role="group" aria-label={`${t.attach}: ${KIND_LABEL[kind]}`}>
      <Group gap={10} wrap="nowrap" align="center">
        {(kind === 'image' || kind === 'sticker') && (
          <img src={previewUrl} alt={name} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 6 }} />
        )}
        {kind === 'audio' && <audio controls src={previewUrl} aria-label={t.audio} style={{ height: 36, maxWidth: 240 }} />}
        {kind === 'document' && <Icon name="file" size={32} />}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {KIND_LABEL[kind]} · {name}
          </Text>
          <Text size="xs" c="dimmed">
            {mime} · {Math.max(1, Math.round(attachment.file.size / 1024))} KB
          </Text>
          {kind !== 'sticker' && (
            <TextInput
              size="xs"
              mt={4}
              aria-label={t.caption}
              placeholder={t.caption}
              value={caption}
              onChange={(e) => onCaption(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onSend();
                }
              }}
            />
          )}
        </div>
        <ActionIcon variant="subtle" color="gray" aria-label={t.removeAttachment} onClick={onRemove}>
          <Icon name="x" />
        </ActionIcon>
        <Button size="xs" onClick={onSend} loading={sending} leftSection={<Icon name="send" size={14} />}>
          {t.sendAttachment}
        </Button>
      </Group>
    </Paper>
  );
}
