import { describe, expect, it } from 'vitest';
import { Composer, type ComposerProps } from '../../../../src/app/features/attendance/composer/composer';
import { changedFields, patchFrom } from '../../../../src/app/features/attendance/customer/customer-form';
import { renderHtml } from './render-static';

const props = (extra: Partial<ComposerProps> = {}): ComposerProps => ({
  tenant: 'demo',
  draft: null,
  onDraftChange: () => undefined,
  replyTo: null,
  onCancelReply: () => undefined,
  commentMode: false,
  onCommentModeChange: () => undefined,
  quickAnswers: [],
  templates: [],
  templateRequired: false,
  onSendText: async () => undefined,
  onSendAttachment: async () => undefined,
  onSendTemplate: () => undefined,
  onProblem: () => undefined,
  ...extra,
});

describe('Composer', () => {
  it('starts from the saved draft and offers every tool with a pt-BR name', () => {
    const html = renderHtml(<Composer {...props({ draft: 'Rascunho *salvo*' })} />);
    expect(html).toContain('Rascunho *salvo*');
    for (const name of ['Mensagem', 'Emojis', 'Anexar', 'Gravar áudio', 'Negrito', 'Itálico', 'Tachado', 'Código', 'Pré-visualização', 'Modo comentário interno', 'Enviar']) {
      expect(html).toContain(`aria-label="${name}"`);
    }
  });

  it('outside the 24 h window offers only the template picker', () => {
    const html = renderHtml(<Composer {...props({ templateRequired: true, templates: [{ id: 1, identifier: 'pedido_enviado', value: 'Seu pedido saiu' }] })} />);
    expect(html).toContain('Fora da janela de 24 h só é possível enviar um modelo aprovado.');
    expect(html).toContain('Escolher modelo');
    expect(html).not.toContain('aria-label="Mensagem"');
    expect(html).not.toContain('aria-label="Anexar"');
  });

  it('in comment mode names the field as an internal comment and keeps attachments off', () => {
    const html = renderHtml(<Composer {...props({ commentMode: true })} />);
    expect(html).toContain('aria-label="Comentário interno"');
    expect(html).toContain('aria-pressed="true"');
  });

  it('shows the message being replied to with a way to cancel', () => {
    const html = renderHtml(
      <Composer {...props({ replyTo: { id: '5', hash: 'h', customer_id: '1', instance_id: '1', type: 'text', message: 'Qual o *prazo*?', sent_at: '2025-01-01T10:00:00Z' } })} />,
    );
    expect(html).toContain('Respondendo a');
    expect(html).toContain('Qual o prazo?');
    expect(html).toContain('aria-label="Cancelar resposta"');
  });
});

describe('customer form changes', () => {
  it('writes only what changed, trimmed', () => {
    const customer = { id: '1', name: 'Maria', phone_number: '5511987654321', address: null, is_favorite: false };
    const form = { ...patchFrom(customer), name: ' Maria Souza ', is_favorite: true };
    expect(changedFields(customer, form)).toEqual({ name: 'Maria Souza', is_favorite: true });
    expect(changedFields(customer, patchFrom(customer))).toEqual({});
  });
});
