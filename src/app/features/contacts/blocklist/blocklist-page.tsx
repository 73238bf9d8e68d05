import { Badge, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { isPlausiblePhone } from '../../../../shared/domain/contact-import';
import { formatPhone, normalizePhone } from '../../../../shared/domain/phone';
import type { Contact, ContactPage } from '../../../../shared/graphql/generated';
import { ADMIN_PAGE_SIZE, AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, gqlOperation, useGqlMutation, useGqlQuery, useListParams } from '../../../ui/admin';
import { CONTACT_FIELDS } from '../api/contact-operations';
import { t } from '../texts';

const BLOCKED = gqlOperation<{ blockedNumbers: ContactPage }, { search: string; kind: string; offset: number; limit: number }>(
  `query Blocked($search: String, $kind: String, $offset: Int, $limit: Int) { blockedNumbers(search: $search, kind: $kind, offset: $offset, limit: $limit) { total items { ${CONTACT_FIELDS} } } }`,
);
const BLOCK = gqlOperation<{ setNumberBlocked: Contact }, { id?: string; phone_number?: string; is_blacklisted?: boolean; is_blacklisted_campaign?: boolean }>(
  `mutation Block($id: ID, $phone_number: String, $is_blacklisted: Boolean, $is_blacklisted_campaign: Boolean) {
    setNumberBlocked(id: $id, phone_number: $phone_number, is_blacklisted: $is_blacklisted, is_blacklisted_campaign: $is_blacklisted_campaign) { id }
  }`,
);

const blockSchema = z
  .object({
    phone_number: z
      .string()
      .trim()
      .min(1, t.form.phoneRequired)
      .refine((value) => isPlausiblePhone(normalizePhone(value)), t.form.phoneInvalid),
    is_blacklisted: z.boolean(),
    is_blacklisted_campaign: z.boolean(),
  })
  .refine((values) => values.is_blacklisted || values.is_blacklisted_campaign, { message: t.blocklist.chooseOne, path: ['is_blacklisted'] });
const emptyBlock = { phone_number: '', is_blacklisted: true, is_blacklisted_campaign: false };

function BlockedSince({ on, at, by }: { on: boolean; at: string | null | undefined; by: { name: string } | null | undefined }) {
  if (!on) return <Text c="dimmed">{t.blocklist.no}</Text>;
  return (
    <Stack gap={0}>
      <Badge color="red" variant="light" size="sm" w="fit-content">
        {t.row.blockedAttendance}
      </Badge>
      {at ? (
        <Text size="xs" c="dimmed">
          {t.blocklist.blockedAt(at, by?.name ?? null)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** numbers-blacklist/list (check rule): blocked numbers, who blocked them and when. */
export function BlocklistPage() {
  const params = useListParams(['kind'] as const);
  const kind = params.filters.kind ?? 'any';
  const variables = { search: params.search, kind, offset: (params.page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE };
  const list = useGqlQuery(BLOCKED, { key: adminKey('blocklist', 'list'), variables, keepPrevious: true, select: (data) => data.blockedNumbers });
  const block = useGqlMutation(BLOCK, { invalidates: ['blocklist', 'customers'] });
  const [adding, setAdding] = useState(false);
  const initial = useMemo(() => ({ ...emptyBlock }), [adding]); // eslint-disable-line react-hooks/exhaustive-deps -- a fresh form per opening

  const unblock = async (contact: Contact, field: 'is_blacklisted' | 'is_blacklisted_campaign') => {
    if (field === 'is_blacklisted') {
      const yes = await confirmDanger({ title: t.blocklist.unblockTitle, message: t.blocklist.unblockMessage(formatPhone(contact.phone_number)), confirmLabel: t.blocklist.unblockConfirm });
      if (!yes) return;
    }
    block.mutate({ id: contact.id, [field]: false });
  };

  return (
    <AdminPage description={t.blocklist.description} action={<Button onClick={() => setAdding(true)}>{t.blocklist.add}</Button>}>
      <AdminTable<Contact, 'kind'>
        query={{ ...list, data: list.data?.items }}
        params={params}
        paging={{ mode: 'server', total: list.data?.total ?? 0 }}
        searchLabel={t.blocklist.searchLabel}
        filters={[
          {
            name: 'kind',
            label: t.blocklist.kind,
            placeholder: t.blocklist.kindAny,
            options: [
              { value: 'attendance', label: t.blocklist.kindAttendance },
              { value: 'campaign', label: t.blocklist.kindCampaign },
            ],
          },
        ]}
        columns={[
          { accessor: 'phone_number', title: t.blocklist.phone, render: (c) => <Text ff="monospace" size="sm">{formatPhone(c.phone_number)}</Text> },
          { accessor: 'name', title: t.blocklist.name, render: (c) => c.name ?? <Text c="dimmed" size="sm">{t.row.noName}</Text> },
          { accessor: 'is_blacklisted', title: t.blocklist.attendance, render: (c) => <BlockedSince on={c.is_blacklisted} at={c.blacklisted_at} by={c.blacklisted_by} /> },
          {
            accessor: 'is_blacklisted_campaign',
            title: t.blocklist.campaign,
            render: (c) =>
              c.is_blacklisted_campaign ? (
                <Stack gap={0}>
                  <Badge color="orange" variant="light" size="sm" w="fit-content">
                    {t.row.blockedCampaign}
                  </Badge>
                  {c.blacklisted_campaign_at ? (
                    <Text size="xs" c="dimmed">
                      {t.blocklist.blockedAt(c.blacklisted_campaign_at, c.blacklisted_campaign_by?.name ?? null)}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <Text c="dimmed">{t.blocklist.no}</Text>
              ),
          },
        ]}
        rowLabel={(c) => c.name ?? formatPhone(c.phone_number)}
        rowActions={(c) => [
          c.is_blacklisted
            ? { label: t.blocklist.unblockAttendance, onClick: () => void unblock(c, 'is_blacklisted') }
            : { label: t.blocklist.blockAttendance, onClick: () => block.mutate({ id: c.id, is_blacklisted: true }) },
          c.is_blacklisted_campaign
            ? { label: t.blocklist.unblockCampaign, onClick: () => void unblock(c, 'is_blacklisted_campaign') }
            : { label: t.blocklist.blockCampaign, onClick: () => block.mutate({ id: c.id, is_blacklisted_campaign: true }) },
        ]}
        empty={{ title: t.blocklist.emptyTitle, hint: t.blocklist.emptyHint }}
        errorTitle={t.blocklist.loadError}
      />
      <EntityFormDrawer
        opened={adding}
        onClose={() => setAdding(false)}
        title={t.blocklist.formTitle}
        schema={blockSchema}
        initialValues={initial}
        submitLabel={t.blocklist.formSubmit}
        successMessage={t.blocklist.formSaved}
        onSubmit={(values) => block.mutateAsync(values)}
      >
        {(form) => (
          <>
            <TextInput label={t.blocklist.formPhone} description={t.form.phoneHint} withAsterisk inputMode="tel" key={form.key('phone_number')} {...form.getInputProps('phone_number')} />
            <Checkbox label={t.blocklist.formAttendance} key={form.key('is_blacklisted')} {...form.getInputProps('is_blacklisted', { type: 'checkbox' })} />
            <Checkbox label={t.blocklist.formCampaign} key={form.key('is_blacklisted_campaign')} {...form.getInputProps('is_blacklisted_campaign', { type: 'checkbox' })} />
          </>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}
