import { Affix, Notification, Stack, UnstyledButton } from '@mantine/core';
import type { TransferNotice } from '../model/transfer-notices';
import { NOTICE_REMOVAL_MS } from '../state/attendance-store';

/**
 * 'Atendimento Recebido' / 'Atendimento Transferido' notices, one per ticket, each cleared on its own.
 * They sit at the bottom left, beside the menu: the composer's send button (bottom right) and the
 * confirm buttons of modals (centre) and drawers (right) stay uncovered.
 */
export function TransferNoticesStack({
  notices,
  leaving,
  onOpen,
  onClear,
}: {
  notices: readonly TransferNotice[];
  leaving: readonly string[];
  onOpen: (ticketId: string) => void;
  onClear: (ticketId: string) => void;
}) {
  if (notices.length === 0) return null;
  return (
    <Affix position={{ bottom: 16, left: 'calc(var(--app-shell-navbar-offset, 0rem) + 16px)' }} zIndex={300}>
      <Stack gap={8} w={320} maw="calc(100vw - 32px)" role="region" aria-label="Avisos de transferência" aria-live="polite">
        {notices.map((notice) => (
          <Notification
            key={notice.ticketId}
            title={notice.title}
            color={notice.kind === 'received' ? 'teal' : 'blue'}
            withBorder
            closeButtonProps={{ 'aria-label': `Fechar aviso: ${notice.title}` }}
            onClose={() => onClear(notice.ticketId)}
            style={{
              opacity: leaving.includes(notice.ticketId) ? 0 : 1,
              transition: `opacity ${NOTICE_REMOVAL_MS}ms ease`,
            }}
          >
            <UnstyledButton onClick={() => onOpen(notice.ticketId)} fz="sm" ta="left">
              {notice.message}
            </UnstyledButton>
          </Notification>
        ))}
      </Stack>
    </Affix>
  );
}
