import { describe, expect, it } from 'vitest';
import { MessageBubble } from '../../../../src/app/features/attendance/conversation/message-bubble';
import type { MessageView } from '../../../../src/app/features/attendance/model/types';
import { renderHtml } from './render-static';

const msg = (extra: Partial<MessageView> = {}): MessageView => ({
  id: '1',
  hash: 'h1',
  customer_id: '1',
  instance_id: '1',
  type: 'text',
  message: 'oi',
  sent_at: '2025-03-10T12:00:00.000Z',
  ack: 1,
  from_me: true,
  ...extra,
});

describe('MessageBubble', () => {
  it('renders WhatsApp markup as elements and never as HTML', () => {
    const html = renderHtml(
      <MessageBubble message={msg({ message: '*oferta* _hoje_ ~ontem~ `cod` https://loja.com.br <img src=x onerror=alert(1)>' })} out grouped={false} />,
    );
    expect(html).toContain('<strong><span>oferta</span></strong>');
    expect(html).toContain('<em><span>hoje</span></em>');
    expect(html).toContain('<s><span>ontem</span></s>');
    expect(html).toContain('<code>cod</code>');
    expect(html).toContain('href="https://loja.com.br"');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('shows the tick of each ack with its name', () => {
    expect(renderHtml(<MessageBubble message={msg({ ack: 0, is_temp: true })} out grouped={false} />)).toContain('aria-label="aguardando conexão"');
    expect(renderHtml(<MessageBubble message={msg({ ack: 1 })} out grouped={false} />)).toContain('aria-label="Enviada"');
    expect(renderHtml(<MessageBubble message={msg({ ack: 2 })} out grouped={false} />)).toContain('aria-label="Entregue"');
    expect(renderHtml(<MessageBubble message={msg({ ack: 3 })} out grouped={false} />)).toMatch(/data-state="read"[^>]*aria-label="Lida"/);
    const failed = renderHtml(<MessageBubble message={msg({ ack: -1 })} out grouped={false} onRetry={() => undefined} />);
    expect(failed).toContain('aria-label="Falha no envio"');
    expect(failed).toContain('Tentar novamente');
  });

  it('spells out "aguardando conexão" while offline', () => {
    const html = renderHtml(<MessageBubble message={msg({ ack: 0, is_temp: true })} out grouped={false} offline />);
    expect(html).toContain('<span>aguardando conexão</span>');
  });

  it('shows no ticks on the customer’s messages', () => {
    expect(renderHtml(<MessageBubble message={msg({ from_me: false })} out={false} grouped={false} />)).not.toContain('pb-att-ack');
  });

  it('marks internal comments, bot messages and messages deleted on WhatsApp', () => {
    expect(renderHtml(<MessageBubble message={msg({ off_customer_chat: true, type: 'comment' })} out grouped={false} />)).toContain('Comentário interno');
    expect(renderHtml(<MessageBubble message={msg({ is_bot_message: true })} out grouped={false} />)).toContain('Mensagem automática');
    expect(renderHtml(<MessageBubble message={msg({ whatsapp_deleted_at: '2025-03-10T12:05:00.000Z' })} out grouped={false} />)).toContain(
      'Apagada no WhatsApp',
    );
  });

  it('quotes the replied-to message and shows reactions', () => {
    const html = renderHtml(
      <MessageBubble
        message={msg({ parent_id: '0' })}
        parent={msg({ id: '0', message: 'Qual o *prazo*?', from_me: false })}
        reactions={[{ id: 'r', customer_chat_id: '1', reaction_text: '👍' }]}
        out
        grouped={false}
      />,
    );
    expect(html).toContain('Respondendo a: Qual o prazo?');
    expect(html).toContain('aria-label="Reações: 👍"');
  });

  it('renders media: image, audio player, document with download, template parts', () => {
    expect(renderHtml(<MessageBubble message={msg({ type: 'image', message: 'https://cdn/x.jpg', caption: 'foto' })} out grouped={false} />)).toMatch(
      /<img[^>]*src="https:\/\/cdn\/x.jpg"/,
    );
    expect(renderHtml(<MessageBubble message={msg({ type: 'audio', message: 'https://cdn/a.ogg' })} out grouped={false} />)).toMatch(/<audio[^>]*controls/);
    const doc = renderHtml(
      <MessageBubble message={msg({ type: 'document', message: 'https://cdn/n.pdf', document_name: 'nota.pdf', document_mimetype: 'application/pdf' })} out grouped={false} />,
    );
    expect(doc).toContain('nota.pdf');
    expect(doc).toContain('application/pdf');
    expect(doc).toContain('aria-label="Baixar nota.pdf"');
    const template = renderHtml(
      <MessageBubble
        message={msg({ type: 'template', message: 'Seu pedido chegou', message_header: 'Loja', message_footer: 'Responda SAIR', message_buttons: '[{"text":"Ver pedido"}]' })}
        out
        grouped={false}
      />,
    );
    expect(template).toContain('Loja');
    expect(template).toContain('Responda SAIR');
    expect(template).toContain('Ver pedido');
  });
});
