import { ActionIcon, Group, Text } from '@mantine/core';
import { stripMarkup } from '../../../../shared/domain/markup';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import { textOf } from '../model/conversation-items';
import type { MessageView } from '../model/types';

export function ReplyPreview({ message, onCancel }: { message: MessageView; onCancel: () => void }) {
  const text = stripMarkup(textOf(message)).trim() || message.document_name || t[message.type === 'image' ? 'image' : 'document'];
  return (
    <Group className="pb-att-reply-bar" wrap="nowrap" gap={8} role="group" aria-label={t.replyTo}>
      <Icon name="reply" size={16} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={700}>
          {t.replyTo}
        </Text>
        <Text size="xs" lineClamp={2}>
          {text}
        </Text>
      </div>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t.cancelReply} onClick={onCancel}>
        <Icon name="x" size={14} />
      </ActionIcon>
    </Group>
  );
}
