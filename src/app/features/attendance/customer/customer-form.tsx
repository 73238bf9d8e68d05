import { Alert, Badge, Button, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { hasForbiddenCharacters } from '../../../../shared/domain/forbidden-characters';
import { formatPhone } from '../../../../shared/domain/phone';
import { attendanceTexts, errors } from '../../../../shared/i18n/pt-BR';
import { t } from '../texts';
import type { CustomerView, RecordId } from '../model/types';
import { customerDisplayName } from '../list/ticket-row-model';
import { NameAvatar } from '../../../ui/name-avatar';

export interface CustomerPatch {
  name: string;
  address: string;
  open_field: string;
  document_register: string;
  is_favorite: boolean;
  group_of_customer_id: string | null;
  is_blacklisted: boolean;
  is_blacklisted_campaign: boolean;
}

export interface CustomerGroupOption {
  id: RecordId;
  name: string;
  color_tag?: string | null;
}

export function patchFrom(customer: CustomerView): CustomerPatch {
  return {
    name: customer.name ?? '',
    address: customer.address ?? '',
    open_field: customer.open_field ?? '',
    document_register: customer.document_register ?? '',
    is_favorite: customer.is_favorite === true,
    group_of_customer_id: customer.group_of_customer_id != null ? String(customer.group_of_customer_id) : null,
    is_blacklisted: customer.is_blacklisted === true,
    is_blacklisted_campaign: customer.is_blacklisted_campaign === true,
  };
}

/** The fields that differ from the stored customer: only those are written. */
export function changedFields(customer: CustomerView, patch: CustomerPatch): Partial<CustomerPatch> {
  const before = patchFrom(customer);
  const out: Partial<CustomerPatch> = {};
  for (const key of Object.keys(patch) as Array<keyof CustomerPatch>) {
    const next = typeof patch[key] === 'string' ? (patch[key] as string).trim() : patch[key];
    if (next !== before[key]) Object.assign(out, { [key]: next });
  }
  return out;
}

/**
 * The group choices: the tenant's groups, plus the customer's own group when the list is not
 * there (offline, not loaded yet), so the field never shows an id.
 */
export function groupOptions(customer: CustomerView, groups: readonly CustomerGroupOption[]): Array<{ value: string; label: string }> {
  const options = groups.map((g) => ({ value: String(g.id), label: g.name }));
  const own = customer.group_of_customer_id != null ? String(customer.group_of_customer_id) : null;
  if (own && !options.some((o) => o.value === own)) options.unshift({ value: own, label: customer.group_of_customer?.name ?? own });
  return options;
}

/**
 * Editable customer details. The values typed (`edits`) are kept by the caller; untouched fields
 * show the stored customer, so a change from elsewhere appears at once. Offline, saving is off
 * and the attendant is told why; what was typed stays.
 */
export function CustomerForm({
  customer,
  groups,
  edits,
  onEdit,
  onSave,
  online,
  groupsMissing = false,
  saving,
}: {
  customer: CustomerView;
  groups: readonly CustomerGroupOption[];
  edits: Partial<CustomerPatch>;
  onEdit: <K extends keyof CustomerPatch>(key: K, value: CustomerPatch[K]) => void;
  onSave: (changes: Partial<CustomerPatch>) => void;
  online: boolean;
  /** The group list could not be asked for (offline). */
  groupsMissing?: boolean;
  saving?: boolean;
}) {
  const form: CustomerPatch = { ...patchFrom(customer), ...edits };
  const set = onEdit;
  const changes = changedFields(customer, form);
  const invalid = [form.name, form.address, form.open_field, form.document_register].some(hasForbiddenCharacters);
  const name = customerDisplayName(customer);
  const options = groupOptions(customer, groups);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (online && !invalid && Object.keys(changes).length > 0) onSave(changes);
      }}
    >
      <Stack gap="sm">
        <Group wrap="nowrap">
          <NameAvatar src={customer.image} name={name} size={64} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate="end">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatPhone(customer.phone_number)}
            </Text>
            {customer.group_of_customer?.name && (
              <Badge size="sm" variant="dot" color={customer.group_of_customer.color_tag || 'gray'}>
                {customer.group_of_customer.name}
              </Badge>
            )}
          </div>
        </Group>
        {!online && (
          <Alert color="yellow" variant="light" role="status" data-testid="customer-offline">
            {attendanceTexts.customerEditOffline}
          </Alert>
        )}
        <TextInput label={t.customerName} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <TextInput label={t.customerPhone} value={formatPhone(customer.phone_number)} readOnly variant="filled" />
        <TextInput label={t.customerDocument} value={form.document_register} onChange={(e) => set('document_register', e.currentTarget.value)} />
        <TextInput label={t.customerAddress} value={form.address} onChange={(e) => set('address', e.currentTarget.value)} />
        <Textarea label={t.customerOpenField} autosize minRows={2} maxRows={6} value={form.open_field} onChange={(e) => set('open_field', e.currentTarget.value)} />
        <Select
          label={t.customerGroup}
          data={options}
          value={form.group_of_customer_id}
          onChange={(v) => set('group_of_customer_id', v)}
          placeholder={attendanceTexts.customerNoGroup}
          description={groupsMissing ? attendanceTexts.customerGroupsOffline : undefined}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Switch label={t.customerFavorite} checked={form.is_favorite} onChange={(e) => set('is_favorite', e.currentTarget.checked)} />
        <Switch label={t.blocklist} color="red" checked={form.is_blacklisted} onChange={(e) => set('is_blacklisted', e.currentTarget.checked)} />
        <Switch
          label={t.blocklistCampaign}
          color="red"
          checked={form.is_blacklisted_campaign}
          onChange={(e) => set('is_blacklisted_campaign', e.currentTarget.checked)}
        />
        {invalid && (
          <Text size="sm" c="red">
            {errors.attackMessage}
          </Text>
        )}
        <Button type="submit" disabled={!online || invalid || Object.keys(changes).length === 0} loading={saving}>
          {t.save}
        </Button>
      </Stack>
    </form>
  );
}
