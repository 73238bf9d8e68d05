import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Red, and separated from the others: destructive actions (they should confirmDanger). */
  danger?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
}

/** The '⋯' menu at the end of a row; its accessible name says whose actions these are. */
export function RowActionsMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  if (actions.length === 0) return null;
  const safe = actions.filter((action) => !action.danger);
  const dangerous = actions.filter((action) => action.danger);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={(event) => event.stopPropagation()}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {safe.map((action) => (
          <Menu.Item key={action.label} leftSection={action.icon} disabled={action.disabled} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
        {safe.length > 0 && dangerous.length > 0 ? <Menu.Divider /> : null}
        {dangerous.map((action) => (
          <Menu.Item key={action.label} color="red" leftSection={action.icon} disabled={action.disabled} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
