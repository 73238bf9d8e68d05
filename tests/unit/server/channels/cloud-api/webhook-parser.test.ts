import { describe, expect, it } from 'vitest';
import { parseWebhook } from '../../../../../src/server/channels/cloud-api/webhook-parser';
import type { InboundBatch } from '../../../../../src/server/channels/channel';
import { TEST_CUSTOMER, TEST_PHONE_NUMBER_ID, fixtureJson } from '../../../../helpers/cloud-api-fixtures';

interface RawWebhook {
  entry: Array<{ changes: Array<{ value: { metadata: { phone_number_id: string }; messages: unknown[] } }> }>;
}
const raw = (name: string) => fixtureJson<RawWebhook>(name);
const firstChange = (body: RawWebhook) => body.entry[0]!.changes[0]!;

const batchOf = (name: string): InboundBatch => {
  const parsed = parseWebhook(fixtureJson(name));
  expect(parsed.skipped).toBe(0);
  const batch = parsed.byPhoneNumberId.get(TEST_PHONE_NUMBER_ID);
  if (!batch) throw new Error(`no batch for ${name}`);
  return batch;
};
const onlyMessage = (name: string) => {
  const batch = batchOf(name);
  expect(batch.messages).toHaveLength(1);
  return batch.messages[0]!;
};

describe('Cloud API webhook parser', () => {
  it('reads a text message with its sender, name, id and time', () => {
    expect(onlyMessage('inbound-text.json')).toEqual({
      providerMessageId: 'wamid.TEST_IN_TEXT_0001',
      from: TEST_CUSTOMER,
      name: 'Cliente Teste',
      sentAt: new Date(1767261600 * 1000),
      kind: 'text',
      text: 'Olá, meu pedido PED-0001 ainda não chegou. Podem verificar?',
      caption: null,
      media: null,
      replyToProviderId: null,
    });
  });

  it('reads image, voice, sticker and document as media to fetch by id', () => {
    const image = onlyMessage('inbound-image.json');
    expect(image).toMatchObject({ kind: 'image', caption: 'Foto do produto com defeito', text: null });
    expect(image.media).toEqual({ mimeType: 'image/jpeg', fileName: null, source: { kind: 'cloud-api', mediaId: '900000000000001' } });
    expect(onlyMessage('inbound-audio.json')).toMatchObject({ kind: 'audio', media: { mimeType: 'audio/ogg; codecs=opus' } });
    expect(onlyMessage('inbound-sticker.json')).toMatchObject({ kind: 'sticker', media: { mimeType: 'image/webp' } });
    expect(onlyMessage('inbound-document.json')).toMatchObject({
      kind: 'document',
      caption: 'Nota fiscal da compra',
      media: { fileName: 'nota-fiscal-TESTE-0001.pdf', mimeType: 'application/pdf', source: { mediaId: '900000000000004' } },
    });
  });

  it('keeps the quoted message of a reply and of a button tap', () => {
    expect(onlyMessage('inbound-reply-context.json')).toMatchObject({
      kind: 'text',
      text: 'Isso mesmo, é esse pedido.',
      replyToProviderId: 'wamid.TEST_OUT_0001',
    });
    expect(onlyMessage('inbound-interactive-button-reply.json')).toMatchObject({
      kind: 'text',
      text: 'Falar com atendente',
      replyToProviderId: 'wamid.TEST_OUT_0003',
    });
  });

  it('reads a reaction, and a reaction without emoji (or empty) as its removal', () => {
    const batch = batchOf('inbound-reaction.json');
    expect(batch.messages).toEqual([]);
    expect(batch.reactions).toEqual([
      expect.objectContaining({ providerMessageId: 'wamid.TEST_IN_REACTION_0001', targetProviderId: 'wamid.TEST_OUT_0001', emoji: '👍' }),
    ]);
    for (const emoji of [undefined, '']) {
      const body = raw('inbound-reaction.json');
      const message = firstChange(body).value.messages[0] as { reaction: { emoji?: string } };
      if (emoji === undefined) delete message.reaction.emoji;
      else message.reaction.emoji = emoji;
      expect(parseWebhook(body).byPhoneNumberId.get(TEST_PHONE_NUMBER_ID)!.reactions[0]!.emoji).toBeNull();
    }
  });

  it('turns a location into a readable text with a map link, and unsupported content into a note', () => {
    const location = onlyMessage('inbound-location.json');
    expect(location.kind).toBe('location');
    expect(location.text).toBe(
      'Endereço de entrega (teste)\nRua Exemplo, 123 - Bairro Teste, São Paulo - SP\nhttps://www.google.com/maps?q=-23.5505199,-46.6333094',
    );
    const unsupported = onlyMessage('inbound-unsupported.json');
    expect(unsupported.kind).toBe('unsupported');
    expect(unsupported.text).toContain('poll_creation');
  });

  it('reads statuses sent, delivered, read and failed with the provider error', () => {
    expect(batchOf('status-sent.json').statuses).toEqual([
      { providerMessageId: 'wamid.TEST_OUT_0001', status: 'sent', at: new Date(1767262205000), recipient: TEST_CUSTOMER, error: null },
    ]);
    expect(batchOf('status-delivered.json').statuses[0]).toMatchObject({ status: 'delivered' });
    expect(batchOf('status-read.json').statuses[0]).toMatchObject({ status: 'read' });
    expect(batchOf('status-failed.json').statuses[0]).toMatchObject({
      providerMessageId: 'wamid.TEST_OUT_0002',
      status: 'failed',
      error: {
        code: 131047,
        title: 'Re-engagement message',
        details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      },
    });
  });

  it('reads a template status update by WhatsApp Business account', () => {
    const parsed = parseWebhook(fixtureJson('template-status-update.json'));
    expect(parsed.byPhoneNumberId.size).toBe(0);
    expect(parsed.templates).toEqual([
      { wabaId: '100000000000001', templateId: '300000000000001', name: 'confirmacao_pedido', language: 'pt_BR', status: 'APPROVED', reason: null },
    ]);
  });

  it('loops over every entry, change, message and status of a batch, skipping unknown items', () => {
    const text = raw('inbound-text.json');
    const other = structuredClone(firstChange(text));
    other.value.metadata.phone_number_id = '200000000000002';
    text.entry[0]!.changes.push(other);
    firstChange(text).value.messages.push(firstChange(raw('inbound-image.json')).value.messages[0], { id: 'broken' });
    text.entry.push(raw('status-sent.json').entry[0]!);
    const parsed = parseWebhook(text);
    expect(parsed.skipped).toBe(1);
    const ours = parsed.byPhoneNumberId.get(TEST_PHONE_NUMBER_ID)!;
    expect(ours.messages.map((m) => m.kind)).toEqual(['text', 'image']);
    expect(ours.statuses).toHaveLength(1);
    expect(parsed.byPhoneNumberId.get('200000000000002')!.messages).toHaveLength(1);
  });

  it('ignores bodies that are not WhatsApp business webhooks', () => {
    expect(parseWebhook({ object: 'page', entry: [] }).byPhoneNumberId.size).toBe(0);
    expect(parseWebhook('nonsense').skipped).toBe(1);
  });
});
