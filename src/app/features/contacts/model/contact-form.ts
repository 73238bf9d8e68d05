import { z } from 'zod';
import { IMPORT_LIMITS, isPlausiblePhone } from '../../../../shared/domain/contact-import';
import { normalizePhone } from '../../../../shared/domain/phone';
import type { Contact, ContactInput } from '../../../../shared/graphql/generated';
import { t } from '../texts';

/** The contact drawer's values; the server parses the same limits again (contacts/contact-writes.ts). */
export const contactFormSchema = z.object({
  name: z.string().trim().max(IMPORT_LIMITS.name),
  phone_number: z
    .string()
    .trim()
    .min(1, t.form.phoneRequired)
    .refine((value) => isPlausiblePhone(normalizePhone(value)), t.form.phoneInvalid),
  document_register: z.string().trim().max(IMPORT_LIMITS.document_register),
  address: z.string().trim().max(IMPORT_LIMITS.address),
  open_field: z.string().trim().max(IMPORT_LIMITS.open_field),
  group_of_customer_id: z.string().nullable(),
  is_favorite: z.boolean(),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

export const emptyContactForm: ContactFormValues = {
  name: '',
  phone_number: '',
  document_register: '',
  address: '',
  open_field: '',
  group_of_customer_id: null,
  is_favorite: false,
};

export const contactFormOf = (contact: Contact): ContactFormValues => ({
  name: contact.name ?? '',
  phone_number: contact.phone_number,
  document_register: contact.document_register ?? '',
  address: contact.address ?? '',
  open_field: contact.open_field ?? '',
  group_of_customer_id: contact.group_of_customer_id ?? null,
  is_favorite: contact.is_favorite,
});

export const contactInputOf = (values: ContactFormValues): ContactInput => ({ ...values });
