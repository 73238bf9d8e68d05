import { Checkbox, Group, Loader, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import type { Contact } from '../../../../shared/graphql/generated';
import { EntityFormDrawer, useTenant } from '../../../ui/admin';
import { createContact, updateContact } from '../api/contact-operations';
import { useGroups } from '../api/contact-queries';
import { contactFormOf, contactFormSchema, contactInputOf, emptyContactForm, type ContactFormValues } from '../model/contact-form';
import { t } from '../texts';

interface ContactDrawerProps {
  /** 'new' for a new contact, a contact to edit, or null when closed. */
  editing: Contact | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Adds or edits a contact. While a new number is being checked the drawer says so with SPEC §9's
 * loading text; the server normalises the number and refuses one already stored in any form.
 */
export function ContactDrawer({ editing, onClose, onSaved }: ContactDrawerProps) {
  const tenant = useTenant();
  const groups = useGroups();
  const creating = editing === 'new';
  const initialValues = useMemo(() => (editing && editing !== 'new' ? contactFormOf(editing) : emptyContactForm), [editing]);
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.id, label: group.name }));

  const submit = async (values: ContactFormValues) => {
    if (creating) await createContact(tenant, contactInputOf(values));
    else if (editing) await updateContact(tenant, editing.id, contactInputOf(values));
    onSaved();
  };

  return (
    <EntityFormDrawer
      opened={editing !== null}
      onClose={onClose}
      title={creating ? t.form.newTitle : t.form.editTitle}
      schema={contactFormSchema}
      initialValues={initialValues}
      submitLabel={creating ? t.form.create : t.form.save}
      successMessage={creating ? t.form.created : t.form.saved}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <TextInput label={t.form.phone} description={t.form.phoneHint} withAsterisk inputMode="tel" autoComplete="off" key={form.key('phone_number')} {...form.getInputProps('phone_number')} />
          <TextInput label={t.form.name} key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label={t.form.document} key={form.key('document_register')} {...form.getInputProps('document_register')} />
          <TextInput label={t.form.address} key={form.key('address')} {...form.getInputProps('address')} />
          <Select
            label={t.form.group}
            placeholder={t.form.noGroup}
            data={groupOptions}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            key={form.key('group_of_customer_id')}
            {...form.getInputProps('group_of_customer_id')}
          />
          <Textarea label={t.form.openField} autosize minRows={2} maxRows={5} key={form.key('open_field')} {...form.getInputProps('open_field')} />
          <Checkbox label={t.form.favorite} key={form.key('is_favorite')} {...form.getInputProps('is_favorite', { type: 'checkbox' })} />
          {creating && form.submitting ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t.form.verifying}</Text>
            </Group>
          ) : null}
        </>
      )}
    </EntityFormDrawer>
  );
}
