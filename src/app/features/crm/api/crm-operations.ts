import type {
  Category,
  CrmReason,
  ScheduleRecipient,
  ScheduledAttachmentInput,
  ScheduledMessage,
  ScheduledTemplateInput,
  WhatsappTemplate,
} from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';
import type { CategoryInput, CrmReasonInput } from '../../../../shared/domain/crm';

/** The GraphQL operations of the CRM screens (crm.graphql, schedules.graphql). */

export type ReasonRow = Pick<CrmReason, 'id' | 'name' | 'activated' | 'requires_note'>;
export type CategoryRow = Pick<Category, 'id' | 'name' | 'color' | 'tickets_count'>;

export const REASONS = gqlOperation<{ crmReasons: ReasonRow[] }>('query CrmReasons { crmReasons { id name activated requires_note } }');
export const CREATE_REASON = gqlOperation<{ createCrmReason: ReasonRow }, { input: CrmReasonInput }>(
  'mutation CreateCrmReason($input: CrmReasonInput!) { createCrmReason(input: $input) { id } }',
);
export const UPDATE_REASON = gqlOperation<{ updateCrmReason: ReasonRow }, { id: string; input: CrmReasonInput }>(
  'mutation UpdateCrmReason($id: ID!, $input: CrmReasonInput!) { updateCrmReason(id: $id, input: $input) { id } }',
);
export const DELETE_REASON = gqlOperation<{ deleteCrmReason: boolean }, { id: string }>('mutation DeleteCrmReason($id: ID!) { deleteCrmReason(id: $id) }');

export const CATEGORIES = gqlOperation<{ categories: CategoryRow[] }>('query Categories { categories { id name color tickets_count } }');
export const CREATE_CATEGORY = gqlOperation<{ createCategory: CategoryRow }, { input: CategoryInput }>(
  'mutation CreateCategory($input: CategoryInput!) { createCategory(input: $input) { id } }',
);
export const UPDATE_CATEGORY = gqlOperation<{ updateCategory: CategoryRow }, { id: string; input: CategoryInput }>(
  'mutation UpdateCategory($id: ID!, $input: CategoryInput!) { updateCategory(id: $id, input: $input) { id } }',
);
export const DELETE_CATEGORY = gqlOperation<{ deleteCategory: boolean }, { id: string }>('mutation DeleteCategory($id: ID!) { deleteCategory(id: $id) }');

export type ScheduleRow = ScheduledMessage;
const SCHEDULE_FIELDS = `id instance_id instance_name customer_id customer_name phone_number user_id user_name message send_at
  cancel_on_reply status late failure_reason sent_at customer_chat_id template { name language components } attachment { url kind name mimetype }`;

export const SCHEDULES = gqlOperation<{ scheduledMessages: ScheduleRow[] }>(`query ScheduledMessages { scheduledMessages { ${SCHEDULE_FIELDS} } }`);
/** What a schedule sends, as createScheduledMessage / updateScheduledMessage take it. */
export interface ScheduleContentVariables {
  message: string | null;
  template: ScheduledTemplateInput | null;
  attachment: ScheduledAttachmentInput | null;
}
export interface ScheduleVariables extends ScheduleContentVariables {
  instance_id: string;
  customer_id: string;
  send_at: string;
  cancel_on_reply: boolean;
}
export const CREATE_SCHEDULE = gqlOperation<{ createScheduledMessage: ScheduleRow }, ScheduleVariables>(
  `mutation CreateScheduledMessage($instance_id: ID!, $customer_id: ID!, $message: String, $send_at: String!, $cancel_on_reply: Boolean,
    $template: ScheduledTemplateInput, $attachment: ScheduledAttachmentInput) {
    createScheduledMessage(instance_id: $instance_id, customer_id: $customer_id, message: $message, send_at: $send_at, cancel_on_reply: $cancel_on_reply,
      template: $template, attachment: $attachment) { id }
  }`,
);
export const UPDATE_SCHEDULE = gqlOperation<
  { updateScheduledMessage: ScheduleRow },
  ScheduleContentVariables & { id: string; send_at: string; cancel_on_reply: boolean; remove_attachment: boolean }
>(
  `mutation UpdateScheduledMessage($id: ID!, $message: String, $send_at: String, $cancel_on_reply: Boolean,
    $template: ScheduledTemplateInput, $attachment: ScheduledAttachmentInput, $remove_attachment: Boolean) {
    updateScheduledMessage(id: $id, message: $message, send_at: $send_at, cancel_on_reply: $cancel_on_reply,
      template: $template, attachment: $attachment, remove_attachment: $remove_attachment) { id }
  }`,
);
/** An official connection's approved templates, from the last copy (no call to Meta while typing). */
export const APPROVED_TEMPLATES = gqlOperation<{ whatsappTemplates: Array<Pick<WhatsappTemplate, 'id' | 'name' | 'language' | 'components'>> }, { instance_id: string }>(
  'query ScheduleTemplates($instance_id: ID!) { whatsappTemplates(instance_id: $instance_id, status: "APPROVED", refresh: false) { id name language components } }',
);
export const CANCEL_SCHEDULE = gqlOperation<{ cancelScheduledMessage: ScheduleRow }, { id: string }>(
  'mutation CancelScheduledMessage($id: ID!) { cancelScheduledMessage(id: $id) { id } }',
);
export const RECIPIENTS = gqlOperation<{ scheduleRecipients: ScheduleRecipient[] }, { search: string }>(
  'query ScheduleRecipients($search: String!) { scheduleRecipients(search: $search) { id name phone_number } }',
);
export const CONNECTIONS = gqlOperation<{ instances: Array<{ id: string; name: string; is_official: boolean }> }>(
  'query ScheduleConnections { instances { id name is_official } }',
);
