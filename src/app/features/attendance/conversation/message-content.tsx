import { Anchor, Group, Text } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import { mediaUrlOf, parseButtons, textOf } from '../model/conversation-items';
import type { MessageView } from '../model/types';
import { MarkupText } from './markup-text';
import { useMediaUrl } from './media-url';

function DocumentCard({ message, url }: { message: MessageView; url: string | null }) {
  const name = message.document_name || t.document;
  return (
    <Group gap={8} wrap="nowrap" p={6} mb={4} className="pb-att-doc" style={{ borderRadius: 6, background: 'rgba(0,0,0,0.05)' }}>
      <Icon name="file" size={28} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        {message.document_mimetype && (
          <Text size="xs" c="dimmed" truncate="end">
            {message.document_mimetype}
          </Text>
        )}
      </div>
      {url && (
        <Anchor href={url} download={name} target="_blank" rel="noopener noreferrer" aria-label={`${t.download} ${name}`}>
          <Icon name="download" size={20} />
        </Anchor>
      )}
    </Group>
  );
}

/** The body of a bubble by message type: media first, then the (formatted) text or caption. */
export function MessageContent({ message, highlight }: { message: MessageView; highlight: string }) {
  const url = useMediaUrl(mediaUrlOf(message));
  const text = textOf(message);
  const buttons = message.type === 'template' ? parseButtons(message.message_buttons) : [];
  let media = null;
  switch (message.type) {
    case 'image':
      media = url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t.image}>
          <img className="pb-att-media-img" src={url} alt={message.caption || t.image} loading="lazy" />
        </a>
      ) : (
        <Text size="sm" c="dimmed">
          {t.image}
        </Text>
      );
      break;
    case 'sticker':
      media = url ? <img className="pb-att-media-sticker" src={url} alt={t.sticker} loading="lazy" /> : t.sticker;
      break;
    case 'audio':
    case 'ptt':
      media = url ? (
        <audio controls preload="none" src={url} aria-label={t.audio} style={{ width: 260, maxWidth: '100%', display: 'block' }} />
      ) : (
        t.audio
      );
      break;
    case 'video':
      media = url ? <video controls preload="metadata" src={url} className="pb-att-media-img" aria-label="Vídeo" /> : 'Vídeo';
      break;
    case 'document':
      media = <DocumentCard message={message} url={url} />;
      break;
  }
  return (
    <>
      {message.message_header && <div className="pb-att-template-header">{message.message_header}</div>}
      {media}
      {text && <MarkupText text={text} highlight={highlight} />}
      {message.message_footer && <div className="pb-att-template-footer">{message.message_footer}</div>}
      {buttons.length > 0 && (
        <div className="pb-att-template-buttons">
          {buttons.map((b, i) => (
            <span key={i}>{b.text}</span>
          ))}
        </div>
      )}
    </>
  );
}
