import { useEffect, useState } from 'react';
import { ActionIcon, Group, Loader, ScrollArea, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSnapshot } from 'valtio';
import { storeCustomer } from '../../../data/actions';
import { errors } from '../../../../shared/i18n/pt-BR';
import { GraphqlRequestError, errorNotice } from '../../../api/request-error';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { TicketView } from '../model/types';
import type { SidePanel } from '../state/attendance-store';
import { attendanceActions } from '../state/attendance-store';
import {
  fetchCustomerGroups,
  fetchCustomerTickets,
  updateCustomer,
  type CustomerGroupResult,
  type CustomerTicketResult,
} from '../api/attendance-operations';
import type { AttendanceContext } from '../data/use-attendance-context';
import { CustomerForm, type CustomerPatch } from './customer-form';
import { customerEdits, editCustomerField, settleCustomerEdits } from './customer-edits';
import { useCustomerTickets } from '../../../data/hooks';
import { PreviousTickets } from './previous-tickets';
import { TicketCategories } from './ticket-categories';

/** Local tickets first (live), then what the server listed beyond them, newest first. */
function mergeTickets(local: readonly TicketView[], remote: readonly CustomerTicketResult[]): TicketView[] {
  const known = new Set(local.map((t) => String(t.id)));
  const all: TicketView[] = [...local, ...remote.filter((t) => !known.has(String(t.id)))];
  return all.sort((a, b) => String(b.createdAt ?? b.started_at ?? '').localeCompare(String(a.createdAt ?? a.started_at ?? '')));
}

/** The tenant's customer groups once online; null while they could not be asked for. */
function useCustomerGroups(tenant: string, online: boolean): CustomerGroupResult[] | null {
  const [groups, setGroups] = useState<{ tenant: string; items: CustomerGroupResult[] } | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchCustomerGroups(tenant)
      .then((items) => live && setGroups({ tenant, items }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenant, online]);
  return groups?.tenant === tenant ? groups.items : null;
}

/** Customer details and previous tickets: a third pane on wide screens, a drawer's content below. */
export function CustomerPanel({
  ctx,
  ticket,
  panel,
  userName,
}: {
  ctx: AttendanceContext;
  ticket: TicketView;
  panel: Exclude<SidePanel, null>;
  userName: (id: string | null | undefined) => string | null;
}) {
  const customer = ticket.customer ?? null;
  const customerId = String(ticket.customer_id);
  const [saving, setSaving] = useState(false);
  const [lostConnection, setLostConnection] = useState(false);
  const edits = useSnapshot(customerEdits)[customerId] ?? {};
  const groups = useCustomerGroups(ctx.tenant, ctx.online);
  const online = ctx.online && !lostConnection;
  useEffect(() => setLostConnection(false), [ctx.online]);

  const save = (changes: Partial<CustomerPatch>) => {
    setSaving(true);
    updateCustomer(ctx.tenant, customerId, changes)
      .then(async (doc) => {
        // Shown everywhere at once, not when the feed gets to it.
        await storeCustomer(doc);
        settleCustomerEdits(customerId, changes);
        notifications.show({ color: 'teal', title: t.saved, message: changes.name ?? customer?.name ?? '' });
      })
      .catch((error: unknown) => {
        if (error instanceof GraphqlRequestError && error.kind === 'network') setLostConnection(true);
        else
          notifications.show({
            color: 'red',
            ...(error instanceof GraphqlRequestError ? errorNotice(error) : { title: errors.genericTitle, message: String(error) }),
          });
      })
      .finally(() => setSaving(false));
  };
  const [history, setHistory] = useState<{ for: string; items: CustomerTicketResult[] } | null>(null);
  const [loadingHistory, setLoadingHistory] = useState(false);

  useEffect(() => {
    if (panel !== 'history' || !ctx.instanceId || !ctx.online) return;
    let live = true;
    setLoadingHistory(true);
    fetchCustomerTickets(ctx.tenant, customerId, ctx.instanceId)
      .then((items) => live && setHistory({ for: customerId, items }))
      .catch(() => undefined)
      .finally(() => live && setLoadingHistory(false));
    return () => {
      live = false;
    };
  }, [panel, ctx.tenant, ctx.instanceId, ctx.online, customerId]);

  const local = useCustomerTickets(customerId);
  const tickets = mergeTickets(local, history?.for === customerId ? history.items : []);

  return (
    <>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={2} fz="md">
          {panel === 'customer' ? t.customerDetails : t.previousTickets}
        </Title>
        <ActionIcon variant="subtle" color="gray" aria-label={t.closeDrawer} onClick={() => attendanceActions.openPanel(null)}>
          <Icon name="x" />
        </ActionIcon>
      </Group>
      <Tabs value={panel} onChange={(v) => v && attendanceActions.openPanel(v as Exclude<SidePanel, null>)} px="md" pt="xs">
        <Tabs.List grow>
          <Tabs.Tab value="customer" aria-label={t.customerDetails}>
            {t.customerTab}
          </Tabs.Tab>
          <Tabs.Tab value="history" aria-label={t.previousTickets}>
            {t.historyTab}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ScrollArea style={{ flex: 1 }} p="md">
        {panel === 'customer' ? (
          customer ? (
            <>
              <CustomerForm
                customer={customer}
                groups={groups ?? []}
                groupsMissing={groups === null && !online}
                edits={edits as Partial<CustomerPatch>}
                onEdit={(key, value) => {
                  // A new attempt is the attendant's: the connection may be back before the health says so.
                  setLostConnection(false);
                  editCustomerField(customerId, key, value);
                }}
                online={online}
                saving={saving}
                onSave={save}
              />
              <TicketCategories tenant={ctx.tenant} ticketId={String(ticket.id)} categoryIds={ticket.category_ids} online={online} />
            </>
          ) : (
            <Loader size="sm" />
          )
        ) : (
          <>
            {!ctx.online && !history && (
              <Text size="xs" c="dimmed" mb="xs">
                {t.historyOffline}
              </Text>
            )}
            {loadingHistory && <Loader size="xs" mb="xs" />}
            <PreviousTickets
              tickets={tickets}
              currentId={ticket.id}
              attendantOf={(x) => userName(x.user_id != null ? String(x.user_id) : null) ?? x.user?.name ?? null}
              onPick={(x) => attendanceActions.jumpToTicket(String(x.id))}
            />
          </>
        )}
      </ScrollArea>
    </>
  );
}
