import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { dashboardTexts as t } from '../texts';

/** One click from a report line to the customer's conversation on the attendance screen. */
export function ConversationLink({ tenant, ticketId, instanceId }: { tenant: string; ticketId: string; instanceId: string }) {
  return (
    <Anchor component={Link} to={`/${tenant}/chat/attendance`} search={{ ticket: ticketId, instance: instanceId } as never} size="sm">
      {t.openConversation}
    </Anchor>
  );
}
