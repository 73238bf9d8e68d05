import { Badge, Checkbox, Group, Skeleton, Text } from '@mantine/core';
import { memo } from 'react';
import { formatTaxId } from '../../../../shared/domain/tax-id';
import { formatPhone } from '../../../../shared/domain/phone';
import type { Contact } from '../../../../shared/graphql/generated';
import { RowActionsMenu, type RowAction } from '../../../ui/admin';
import { t } from '../texts';

export const ROW_HEIGHT = 56;

/** Columns of the contacts grid: selection, name, phone, document, group, status, actions. */
export const GRID_COLUMNS = '40px minmax(160px, 2fr) minmax(140px, 1.2fr) minmax(110px, 1fr) minmax(100px, 1fr) minmax(120px, 1fr) 48px';

export const displayName = (contact: Contact) => contact.name ?? t.row.noName;

export function GroupTag({ group }: { group: Contact['group_of_customer'] }) {
  if (!group) return null;
  const color = group.color_tag ?? 'gray';
  return (
    <Badge variant="light" color={color} radius="sm" maw="100%">
      {group.name}
    </Badge>
  );
}

interface RowProps {
  contact: Contact | undefined;
  index: number;
  selected: boolean;
  onSelect: (contact: Contact, selected: boolean) => void;
  actions: (contact: Contact) => RowAction[];
}

/** One row of the virtual list; a row whose page is still being read shows a placeholder. */
export const ContactRow = memo(function ContactRow({ contact, index, selected, onSelect, actions }: RowProps) {
  if (!contact) {
    return (
      <div className="contacts-row" role="row" aria-rowindex={index + 2} aria-busy="true" style={{ gridTemplateColumns: GRID_COLUMNS }}>
        <span />
        <Skeleton height={12} width="70%" />
        <Skeleton height={12} width="60%" />
        <Skeleton height={12} width="50%" />
        <span />
        <span />
        <span />
      </div>
    );
  }
  const name = displayName(contact);
  return (
    <div className="contacts-row" role="row" aria-rowindex={index + 2} aria-selected={selected} style={{ gridTemplateColumns: GRID_COLUMNS }}>
      <div role="gridcell">
        <Checkbox aria-label={t.row.select(name)} checked={selected} onChange={(event) => onSelect(contact, event.currentTarget.checked)} />
      </div>
      <div role="gridcell" className="contacts-cell">
        <Group gap={6} wrap="nowrap">
          {contact.is_favorite ? (
            <Text span c="yellow.6" aria-label={t.row.favorite} title={t.row.favorite}>
              ★
            </Text>
          ) : null}
          <Text size="sm" fw={500} truncate c={contact.name ? undefined : 'dimmed'}>
            {name}
          </Text>
        </Group>
      </div>
      <div role="gridcell" className="contacts-cell">
        <Text size="sm" ff="monospace">
          {formatPhone(contact.phone_number)}
        </Text>
      </div>
      <div role="gridcell" className="contacts-cell">
        <Text size="sm" c="dimmed" truncate>
          {formatTaxId(contact.document_register)}
        </Text>
      </div>
      <div role="gridcell" className="contacts-cell">
        <GroupTag group={contact.group_of_customer} />
      </div>
      <div role="gridcell" className="contacts-cell">
        <Group gap={4}>
          {contact.is_blacklisted ? (
            <Badge color="red" variant="light" size="sm">
              {t.row.blockedAttendance}
            </Badge>
          ) : null}
          {contact.is_blacklisted_campaign ? (
            <Badge color="orange" variant="light" size="sm">
              {t.row.blockedCampaign}
            </Badge>
          ) : null}
        </Group>
      </div>
      <div role="gridcell">
        <RowActionsMenu label={t.row.actions(name)} actions={actions(contact)} />
      </div>
    </div>
  );
});
