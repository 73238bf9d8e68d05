import { useState } from 'react';
import { Button, Checkbox, FileInput, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatTimestamp, parseTimestamp } from '../../../../shared/domain/datetime';
import { hasForbiddenCharacters } from '../../../../shared/domain/forbidden-characters';
import { attachmentKindOf, scheduleTexts } from '../../../../shared/domain/schedules';
import { errors } from '../../../../shared/i18n/pt-BR';
import { gqlRequest } from '../../../api/graphql-client';

const texts = {
  title: 'Agendar mensagem',
  message: 'Mensagem',
  sendAt: 'Data e hora de envio (horário de Brasília)',
  cancelOnReply: 'Cancelar se o cliente escrever antes',
  cancel: 'Cancelar',
  confirm: 'Agendar',
  done: 'Mensagem agendada',
  doneDetail: (at: string) => `Será enviada em ${at}. Acompanhe em CRM › Mensagens agendadas.`,
  offline: 'Agendar precisa de conexão com a internet.',
  file: 'Anexo (opcional)',
  filePlaceholder: 'Escolha um arquivo',
  fileHint: 'Imagem (JPG ou PNG), áudio ou documento; a mensagem vai como legenda.',
} as const;

const CREATE = `mutation ($i: ID!, $c: ID!, $m: String, $at: String!, $r: Boolean, $a: ScheduledAttachmentInput) {
  createScheduledMessage(instance_id: $i, customer_id: $c, message: $m, send_at: $at, cancel_on_reply: $r, attachment: $a) { id send_at }
}`;

/** The chosen file as the data: URL the server stores the attachment from. */
const dataUrlOf = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** 'YYYY-MM-DDTHH:mm[:ss]' of a datetime-local field as 'YYYY-MM-DD HH:mm:ss'. */
const fromLocal = (local: string) => {
  const [date = '', time = ''] = local.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
};

/** The composer's "schedule" action (crm/schedules from the conversation): the text typed, sent later by the server. */
export function ScheduleMessageModal(props: {
  initialText: string | null;
  onClose: (scheduled: boolean) => void;
  tenant: string;
  instanceId: string;
  customerId: string;
  online: boolean;
}) {
  const opened = props.initialText !== null;
  const [message, setMessage] = useState(props.initialText ?? '');
  const [at, setAt] = useState(() => formatTimestamp(Date.now() + 3_600_000).replace(' ', 'T'));
  const [cancelOnReply, setCancelOnReply] = useState(true);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const sendAt = fromLocal(at);
  const atMs = parseTimestamp(sendAt);
  const messageError = tried && !message.trim() && !file ? scheduleTexts.messageRequired : hasForbiddenCharacters(message) ? errors.attackMessage : undefined;
  const atError = tried && (atMs === null || atMs <= Date.now()) ? scheduleTexts.sendAtPast : undefined;

  const submit = async () => {
    setTried(true);
    if ((!message.trim() && !file) || hasForbiddenCharacters(message) || atMs === null || atMs <= Date.now()) return;
    setBusy(true);
    try {
      const attachment = file ? { kind: attachmentKindOf(file.type), file_url: await dataUrlOf(file), file_name: file.name } : null;
      const data = await gqlRequest<{ createScheduledMessage: { send_at: string } }>(
        CREATE,
        { i: props.instanceId, c: props.customerId, m: message.trim() || null, at: sendAt, r: cancelOnReply, a: attachment },
        { tenant: props.tenant },
      );
      notifications.show({ color: 'teal', title: texts.done, message: texts.doneDetail(data.createScheduledMessage.send_at) });
      props.onClose(true);
    } catch {
      // The client showed the catalogue's notification; the modal stays open to fix and retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => props.onClose(false)} title={texts.title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Textarea label={texts.message} required={!file} autosize minRows={3} maxRows={8} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={messageError} data-autofocus />
          <FileInput label={texts.file} placeholder={texts.filePlaceholder} description={texts.fileHint} clearable value={file} onChange={setFile} />
          <TextInput type="datetime-local" step={1} label={texts.sendAt} required value={at} onChange={(e) => setAt(e.currentTarget.value)} error={atError} />
          <Checkbox label={texts.cancelOnReply} checked={cancelOnReply} onChange={(e) => setCancelOnReply(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => props.onClose(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={!props.online} title={props.online ? undefined : texts.offline}>
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
