import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatPhone } from '../../../../shared/domain/phone';
import type { Contact } from '../../../../shared/graphql/generated';
import { useDataSession } from '../../../data/hooks';
import { adminKey, useGqlMutation, useGqlQuery, useTenant } from '../../../ui/admin';
import { CONVERSATION_CONNECTIONS, OPEN_CONVERSATION } from '../api/conversation-operations';
import { t } from '../texts';
import { displayName } from '../list/contact-row';

/**
 * customers/list's "Abrir conversa": the attendant chooses one of their connections (the one they
 * attend through comes first), the server opens or finds the ticket, and the attendance screen
 * opens on it (switching the connection there when another was chosen).
 */
export function OpenConversationModal({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const tenant = useTenant();
  const router = useRouter();
  const attending = useDataSession()?.scope.instanceId ?? null;
  const connections = useGqlQuery(CONVERSATION_CONNECTIONS, { key: adminKey('instances', 'conversation-options'), select: (d) => d.instances, enabled: contact !== null });
  const [chosen, setChosen] = useState<string | null>(null);
  const open = useGqlMutation(OPEN_CONVERSATION);
  const options = connections.data ?? [];

  useEffect(() => {
    if (!contact) return;
    setChosen(options.some((c) => c.id === attending) ? attending : (options[0]?.id ?? null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the default is chosen once per contact and list.
  }, [contact, connections.data]);

  const submit = async () => {
    const connection = options.find((c) => c.id === chosen);
    if (!contact || !connection) return;
    try {
      const { openCustomerConversation: ticket } = await open.mutateAsync({ customer_id: contact.id, instance_id: connection.id });
      onClose();
      router.history.push(`/${tenant}/chat/attendance?ticket=${encodeURIComponent(ticket.id)}&instance=${encodeURIComponent(connection.id)}`);
    } catch {
      // The client showed the catalogue's notice (SPEC §8) with the server's reason.
    }
  };

  return (
    <Modal opened={contact !== null} onClose={onClose} title={contact ? t.conversation.title(displayName(contact)) : ''} centered>
      {contact ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t.conversation.hint(formatPhone(contact.phone_number))}
            </Text>
            <Select
              label={t.conversation.connection}
              placeholder={connections.isPending ? t.conversation.loading : undefined}
              data={options.map((c) => ({ value: c.id, label: c.name }))}
              value={chosen}
              onChange={setChosen}
              allowDeselect={false}
              error={connections.error ? t.conversation.loadError : !connections.isPending && options.length === 0 ? t.conversation.none : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t.conversation.cancel}
              </Button>
              <Button type="submit" loading={open.isPending} disabled={!chosen}>
                {t.conversation.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
