import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { closingNoteMissing, crmTexts } from '../../../../shared/domain/crm';
import { hasForbiddenCharacters } from '../../../../shared/domain/forbidden-characters';
import { errors } from '../../../../shared/i18n/pt-BR';
import { t } from '../texts';
import type { ClosingReason } from '../model/types';

export interface CloseTicketInput {
  reasonId: string;
  note: string;
}

/** Close with an attendance-summary reason (CRM) and an optional note. */
export function CloseTicketModal({
  opened,
  reasons,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  reasons: readonly ClosingReason[];
  busy: boolean;
  onClose: () => void;
  onConfirm: (input: CloseTicketInput) => void;
}) {
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const attack = hasForbiddenCharacters(note);
  const reason = reasons.find((r) => String(r.id) === reasonId);
  const noteMissing = reason ? closingNoteMissing(reason, note) : false;
  const submit = () => {
    setTried(true);
    if (!reasonId || attack || noteMissing) return;
    onConfirm({ reasonId, note: note.trim() });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.closeTitle}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label={t.closeReason}
            required
            searchable
            data={reasons.map((r) => ({ value: String(r.id), label: r.name }))}
            value={reasonId}
            onChange={setReasonId}
            error={tried && !reasonId ? t.reasonRequired : undefined}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t.closeNote}
            required={Boolean(reason?.requires_note)}
            autosize
            minRows={2}
            maxRows={6}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={attack ? errors.attackMessage : tried && noteMissing ? crmTexts.noteRequired : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t.confirmClose}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
