import { getAccessToken, gqlRequest } from '../../../api/graphql-client';
import { GraphqlRequestError } from '../../../api/request-error';
import { newMessageHash } from '../../../../shared/domain/messages';
import { CUSTOMER_DOCUMENT_FIELDS } from '../../../data/actions';
import type { AttachmentDraft } from '../composer/attachment';

/**
 * The named mutations and network-only queries of the console (SPEC §7). Everything that renders
 * comes from the local database; these are user actions that need the server's decision.
 */
type Vars = Record<string, unknown>;

const call = <T>(tenant: string, query: string, variables: Vars, notify = true) =>
  gqlRequest<T>(query, variables, { tenant, notify });

export interface MediaTarget {
  tenant: string;
  toNumber: string;
  instanceId: string;
}

/** Stores a file on the server (POST /api/file/upload) and answers its `/api/file/<name>` address. */
export async function uploadFile(file: Blob, mime: string): Promise<string> {
  const token = await getAccessToken();
  let response: Response;
  try {
    response = await fetch('/api/file/upload', {
      method: 'POST',
      headers: { 'content-type': mime || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch (error) {
    throw new GraphqlRequestError('network', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { url?: string; error?: string } | null;
  if (!response.ok || !body?.url) throw new GraphqlRequestError('other', body?.error ?? `HTTP ${response.status}`, null, response.status);
  return body.url;
}

const MEDIA_MUTATIONS = {
  image: `mutation($image_url: String!, $image_caption: String, $to_number: String!, $instance_id: ID!, $hash: String) {
    sendImageSelenium(image_url: $image_url, image_caption: $image_caption, to_number: $to_number, instance_id: $instance_id, from_chat: true, hash: $hash) { id }
  }`,
  audio: `mutation($file_url: String!, $file_caption: String, $to_number: String!, $instance_id: ID!, $hash: String) {
    sendAudioSelenium(file_url: $file_url, file_caption: $file_caption, to_number: $to_number, instance_id: $instance_id, from_chat: true, hash: $hash) { id }
  }`,
  sticker: `mutation($image_url: String!, $to_number: String!, $instance_id: ID!, $hash: String) {
    sendStickerSelenium(image_url: $image_url, to_number: $to_number, instance_id: $instance_id, from_chat: true, hash: $hash) { id }
  }`,
  document: `mutation($file_url: String!, $file_name: String, $file_caption: String, $to_number: String!, $instance_id: ID!, $hash: String) {
    sendDocumentSelenium(file_url: $file_url, file_name: $file_name, file_caption: $file_caption, to_number: $to_number, instance_id: $instance_id, from_chat: true, hash: $hash) { id }
  }`,
} as const;

/** Uploads the attachment, then sends it with one media mutation (idempotent on its hash). */
export async function sendAttachment(target: MediaTarget, attachment: AttachmentDraft, caption: string): Promise<void> {
  const url = await uploadFile(attachment.file, attachment.mime);
  const base = { to_number: target.toNumber, instance_id: target.instanceId, hash: newMessageHash() };
  const captionOrNull = caption || null;
  const variables: Record<AttachmentDraft['kind'], Vars> = {
    image: { ...base, image_url: url, image_caption: captionOrNull },
    audio: { ...base, file_url: url, file_caption: captionOrNull },
    sticker: { ...base, image_url: url },
    document: { ...base, file_url: url, file_name: attachment.name, file_caption: captionOrNull },
  };
  // The composer shows a failure once, with the attachment still there to retry.
  await call(target.tenant, MEDIA_MUTATIONS[attachment.kind], variables[attachment.kind], false);
}

export function sendReaction(tenant: string, messageId: string, emoji: string, instanceId: string): Promise<unknown> {
  return call(
    tenant,
    `mutation($customer_chat_id: ID!, $reaction_text: String!, $instance_id: ID!) {
      sendReactionSelenium(customer_chat_id: $customer_chat_id, reaction_text: $reaction_text, instance_id: $instance_id, from_chat: true) { id }
    }`,
    { customer_chat_id: messageId, reaction_text: emoji, instance_id: instanceId },
  );
}

export function sendTemplate(
  target: MediaTarget,
  template: { name: string; language: string; components?: unknown },
): Promise<unknown> {
  return call(
    target.tenant,
    `mutation($to_number: String!, $instance_id: ID!, $template_name: String!, $language: String!, $components: JSON, $hash: String) {
      sendTemplateMessage(to_number: $to_number, instance_id: $instance_id, template_name: $template_name, language: $language, components: $components, hash: $hash) { id }
    }`,
    {
      to_number: target.toNumber,
      instance_id: target.instanceId,
      template_name: template.name,
      language: template.language,
      components: template.components ?? null,
      hash: newMessageHash(),
    },
  );
}

const signed = new Map<string, { url: string; until: number }>();
const SIGNED_LIFETIME_MS = 9 * 60_000;

/** A short-lived link to a stored file, for <img>/<audio> which cannot send the bearer header. */
export async function signedFileUrl(tenant: string, path: string, now = Date.now()): Promise<string> {
  const cached = signed.get(path);
  if (cached && cached.until > now) return cached.url;
  const file = path.replace(/^\/api\/file\//, '');
  const data = await call<{ fileUrl: string }>(tenant, 'query($file: String!) { fileUrl(file: $file) }', { file }, false);
  signed.set(path, { url: data.fileUrl, until: now + SIGNED_LIFETIME_MS });
  return data.fileUrl;
}

export interface OnlineUserResult {
  id: string;
  name: string;
  image?: string | null;
  isConnected?: boolean | null;
}

export async function fetchOnlineUsers(tenant: string, userId: string, instanceId: string): Promise<OnlineUserResult[]> {
  const data = await call<{ onlineUsers: OnlineUserResult[] }>(
    tenant,
    'query($user_id: ID, $instance_id: ID) { onlineUsers(user_id: $user_id, instance_id: $instance_id) { id name image isConnected } }',
    { user_id: userId, instance_id: instanceId },
    false,
  );
  return data.onlineUsers;
}

export interface TransferResult {
  id: string;
  nextUser: { id: string; name: string };
}

export async function createTransfer(tenant: string, ticketId: string, nextUserId: string, previousUserId: string | null): Promise<TransferResult> {
  const data = await call<{ createTicketTransfer: TransferResult }>(
    tenant,
    `mutation($next_user_id: ID!, $previous_user_id: ID, $chat_ticket_id: ID!) {
      createTicketTransfer(next_user_id: $next_user_id, previous_user_id: $previous_user_id, chat_ticket_id: $chat_ticket_id) { id nextUser { id name } }
    }`,
    { next_user_id: nextUserId, previous_user_id: previousUserId, chat_ticket_id: ticketId },
  );
  return data.createTicketTransfer;
}

export const confirmTransfer = (tenant: string, id: string) =>
  call(tenant, 'mutation($id: ID!) { confirmTicketTransfer(id: $id) { id } }', { id });

export const cancelTransfer = (tenant: string, id: string) =>
  call(tenant, 'mutation($id: ID!) { deleteTicketTransfer(id: $id) }', { id });

export const transferToDepartment = (tenant: string, ticketId: string, departmentId: string | null) =>
  call(tenant, 'mutation($id: ID!, $d: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $d) { id } }', {
    id: ticketId,
    d: departmentId,
  });

/** The error code the server answers when another attendant picked the ticket first. */
export const ALREADY_PICKED = 'TICKET_ALREADY_PICKED';

/** Takes an inbox ticket (SPEC §4); only one of two simultaneous picks wins. */
export const pickTicket = (tenant: string, ticketId: string) =>
  call(tenant, 'mutation($id: ID!) { pickChatTicket(id: $id) { id } }', { id: ticketId }, false);

/** Closes a ticket with an attendance-summary reason: is_finishing, closing and survey messages, then closed. */
export const finishTicket = (tenant: string, ticketId: string, reasonId: string, note: string) =>
  call(
    tenant,
    'mutation($id: ID!, $reason_id: ID!, $note: String) { finishChatTicket(id: $id, reason_id: $reason_id, note: $note) { id } }',
    { id: ticketId, reason_id: reasonId, note: note || null },
  );

export const setTicketResearch = (tenant: string, ticketId: string, isResearch: boolean) =>
  call(tenant, 'mutation($id: ID!, $on: Boolean!) { setChatTicketResearch(id: $id, is_research: $on) { id } }', {
    id: ticketId,
    on: isResearch,
  });

export interface CustomerUpdate {
  name?: string;
  address?: string;
  open_field?: string;
  document_register?: string;
  is_favorite?: boolean;
  group_of_customer_id?: string | null;
  is_blacklisted?: boolean;
  is_blacklisted_campaign?: boolean;
}

/**
 * Saves customer details and answers the customer as a replicated document, so the caller can
 * store it locally at once. Failures are the caller's to show (offline keeps the form as typed).
 */
export async function updateCustomer(tenant: string, customerId: string, input: CustomerUpdate): Promise<CustomerDocument> {
  const data = await call<{ updateCustomer: CustomerDocument }>(
    tenant,
    `mutation($id: ID!, $input: CustomerUpdateInput!) { updateCustomer(id: $id, input: $input) { ${CUSTOMER_DOCUMENT_FIELDS} } }`,
    { id: customerId, input },
    false,
  );
  return data.updateCustomer;
}

export type CustomerDocument = Record<string, unknown> & { id: string; updatedAt: number };

export interface CustomerGroupResult {
  id: string;
  name: string;
  color_tag: string | null;
}

const groupsByTenant = new Map<string, Promise<CustomerGroupResult[]>>();

/** The tenant's customer groups, asked once per tenant and page load (they change rarely). */
export function fetchCustomerGroups(tenant: string): Promise<CustomerGroupResult[]> {
  let groups = groupsByTenant.get(tenant);
  if (!groups) {
    groups = call<{ customerGroups: CustomerGroupResult[] }>(tenant, '{ customerGroups { id name color_tag } }', {}, false).then(
      (data) => data.customerGroups,
    );
    // A failed answer is not kept: the next drawer asks again.
    groups.catch(() => groupsByTenant.delete(tenant));
    groupsByTenant.set(tenant, groups);
  }
  return groups;
}

export interface CustomerTicketResult {
  id: string;
  protocol?: string | null;
  started_at?: string | null;
  finished_at?: string | null;
  createdAt?: string | null;
  finished_ticket: boolean;
  inbox: boolean;
  is_finishing: boolean;
  grade?: number | null;
  user_id?: string | null;
  instance_id: string;
  customer_id: string;
  user?: { id: string; name: string } | null;
}

/** The customer's tickets on this connection (previous attendances), newest first. */
export async function fetchCustomerTickets(tenant: string, customerId: string, instanceId: string): Promise<CustomerTicketResult[]> {
  const data = await call<{ chatTickets: { items: CustomerTicketResult[] } }>(
    tenant,
    `query($instance_id: ID!, $customer_id: ID) {
      chatTickets(instance_id: $instance_id, customer_id: $customer_id, all_users: true, pagination_page: 1, pagination_limit: 50) {
        items { id protocol started_at finished_at createdAt finished_ticket inbox is_finishing grade user_id instance_id customer_id user { id name } }
      }
    }`,
    { instance_id: instanceId, customer_id: customerId },
    false,
  );
  return data.chatTickets.items;
}

export interface StartableFlow {
  id: string;
  name: string;
  kind: string;
}

/** Published flows an attendant may start for the customer ("Iniciar fluxo", issue 16). */
export const startableFlows = (tenant: string) =>
  call<{ startableChatFlows: StartableFlow[] }>(tenant, 'query { startableChatFlows { id name kind } }', {}, false).then((data) => data.startableChatFlows);

/** Hands the ticket to a flow: the bot holds it until it transfers, ends, or a person takes over. */
export const startFlow = (tenant: string, ticketId: string, flowId: string) =>
  call<{ startChatFlow: boolean }>(tenant, 'mutation ($t: ID!, $f: ID!) { startChatFlow(ticket_id: $t, flow_id: $f) }', { t: ticketId, f: flowId });
