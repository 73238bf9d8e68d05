import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { formatDate, formatTime } from '../../../../shared/domain/datetime';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { TicketAbilities, TicketState } from '../model/ticket-state';
import { formatRemaining } from '../model/service-window';
import { NameAvatar } from '../../../ui/name-avatar';

export interface ConversationHeaderProps {
  name: string;
  image: string | null;
  phone: string;
  protocol: string | null;
  startedAt: string | null;
  attendant: string | null;
  state: TicketState;
  research: boolean;
  grade: number | null;
  connection: { name: string; official: boolean } | null;
  /** Milliseconds left in the 24 h window; only for official connections. */
  windowLeftMs: number | null;
  abilities: TicketAbilities;
  busy?: boolean;
  onBack: () => void;
  onPick: () => void;
  onTransfer: () => void;
  onStartFlow: () => void;
  onClose: () => void;
  onToggleResearch: () => void;
  onCustomer: () => void;
  onHistory: () => void;
  onSearch: () => void;
}

const STATE_COLOR: Record<TicketState, string> = { inbox: 'orange', open: 'teal', finishing: 'yellow', closed: 'gray' };

export function ConversationHeader(p: ConversationHeaderProps) {
  const facts = [
    p.phone,
    p.protocol ? t.protocol(p.protocol) : null,
    p.startedAt ? `${t.startedAt} ${formatDate(p.startedAt)} ${formatTime(p.startedAt)}` : null,
  ].filter(Boolean);
  return (
    <header className="pb-att-header">
      <ActionIcon className="pb-att-only-narrow" variant="subtle" aria-label={t.back} onClick={p.onBack}>
        <Icon name="back" />
      </ActionIcon>
      <button type="button" onClick={p.onCustomer} aria-label={`${t.customerDetails}: ${p.name}`} style={{ all: 'unset', cursor: 'pointer' }}>
        <NameAvatar src={p.image} name={p.name} size={40} />
      </button>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={700} truncate="end" component="h2" size="md" m={0}>
            {p.name}
          </Text>
          <Badge size="sm" variant="light" color={STATE_COLOR[p.state]} style={{ flexShrink: 0 }}>
            {t.state[p.state]}
          </Badge>
          {p.research && (
            <Badge size="sm" variant="outline" color="grape" style={{ flexShrink: 0 }}>
              {t.research}
            </Badge>
          )}
          {p.grade !== null && (
            <Badge size="sm" variant="filled" color="yellow" style={{ flexShrink: 0 }}>
              {t.grade(p.grade)}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {facts.join(' · ')}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate="end">
            {t.attendant}: {p.attendant ?? t.noAttendant}
            {p.connection ? ` · ${p.connection.name}` : ''}
          </Text>
          {p.connection?.official && (
            <Badge size="xs" variant="light" color="green" style={{ flexShrink: 0 }}>
              {t.official}
            </Badge>
          )}
          {p.windowLeftMs !== null && (
            <Badge size="xs" variant="light" color={p.windowLeftMs > 0 ? 'blue' : 'red'} style={{ flexShrink: 0 }} role="timer">
              {p.windowLeftMs > 0 ? t.windowOpen(formatRemaining(p.windowLeftMs)) : t.windowClosed}
            </Badge>
          )}
        </Group>
      </div>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t.searchMessages}>
          <ActionIcon variant="subtle" color="gray" aria-label={t.searchMessages} onClick={p.onSearch}>
            <Icon name="search" />
          </ActionIcon>
        </Tooltip>
        {p.abilities.pick && (
          <Button size="xs" leftSection={<Icon name="hand" size={16} />} onClick={p.onPick} loading={p.busy}>
            {t.pick}
          </Button>
        )}
        {p.abilities.transfer && (
          <Button size="xs" variant="default" leftSection={<Icon name="transfer" size={16} />} onClick={p.onTransfer} className="pb-att-hdr-wide">
            {t.transfer}
          </Button>
        )}
        {p.abilities.close && (
          <Button size="xs" color="red" variant="light" leftSection={<Icon name="check" size={16} />} onClick={p.onClose} className="pb-att-hdr-wide">
            {t.close}
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t.moreActions}>
              <Icon name="dots" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<Icon name="user" size={16} />} onClick={p.onCustomer}>
              {t.customerDetails}
            </Menu.Item>
            <Menu.Item leftSection={<Icon name="history" size={16} />} onClick={p.onHistory}>
              {t.previousTickets}
            </Menu.Item>
            {p.abilities.transfer && (
              <Menu.Item leftSection={<Icon name="transfer" size={16} />} onClick={p.onTransfer}>
                {t.transfer}
              </Menu.Item>
            )}
            {p.abilities.transfer && (
              <Menu.Item leftSection={<Icon name="flag" size={16} />} onClick={p.onStartFlow}>
                {t.startFlow}
              </Menu.Item>
            )}
            {p.abilities.close && (
              <Menu.Item leftSection={<Icon name="check" size={16} />} onClick={p.onClose} color="red">
                {t.close}
              </Menu.Item>
            )}
            {p.abilities.research && (
              <Menu.Item leftSection={<Icon name="flag" size={16} />} onClick={p.onToggleResearch}>
                {p.research ? t.unmarkResearch : t.markResearch}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </header>
  );
}
