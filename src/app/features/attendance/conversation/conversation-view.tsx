import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSnapshot } from 'valtio';
import { useDraft } from '../../../data/hooks';
import { markTicketViewed, retryMessage, sendMessage } from '../../../data/actions';
import { formatPhone } from '../../../../shared/domain/phone';
import { ADMIN_ROLE } from '../../../../shared/domain/routes';
import { t } from '../texts';
import type { ClosingReason, DepartmentView, MessageTemplateView, MessageView, OnlineUser, QuickAnswer, TicketView } from '../model/types';
import { ticketAbilities, ticketState } from '../model/ticket-state';
import { lastIncomingAt, windowRemainingMs } from '../model/service-window';
import { customerDisplayName } from '../list/ticket-row-model';
import { attendanceActions, attendanceUi } from '../state/attendance-store';
import { useConversation } from '../data/use-conversation';
import { useTicketActions } from '../data/use-ticket-actions';
import type { AttendanceContext } from '../data/use-attendance-context';
import { fetchOnlineUsers, sendAttachment, sendReaction, sendTemplate, signedFileUrl } from '../api/attendance-operations';
import type { AttachmentDraft } from '../composer/attachment';
import { ConversationHeader } from './conversation-header';
import { NoDepartmentBanner } from './no-department-banner';
import { MessageList } from './message-list';
import { MessageSearchBar } from './message-search-bar';
import { MediaResolverContext } from './media-url';
import { deferred } from '../ui/deferred';
import { ScheduleMessageModal } from '../composer/schedule-message-modal';

// The composer and the dialogs are their own chunks, so the conversation paints without their code;
// they are fetched once the page is idle, before an attendant types or opens a dialog.
const Composer = deferred(() => import('../composer/composer').then((m) => m.Composer));
const TransferModal = deferred(() => import('../lifecycle/transfer-modal').then((m) => m.TransferModal));
const StartFlowModal = deferred(() => import('../lifecycle/start-flow-modal').then((m) => m.StartFlowModal));
const CloseTicketModal = deferred(() => import('../lifecycle/close-ticket-modal').then((m) => m.CloseTicketModal));
const prefetch = () => void Promise.all([Composer.preload(), TransferModal.preload(), CloseTicketModal.preload()]).catch(() => undefined);
if (globalThis.requestIdleCallback) globalThis.requestIdleCallback(prefetch, { timeout: 2_000 });

export interface ConversationReferences {
  users: readonly OnlineUser[];
  departments: readonly DepartmentView[];
  quickAnswers: readonly QuickAnswer[];
  templates: readonly MessageTemplateView[];
  reasons: readonly ClosingReason[];
}

export interface ConversationViewProps {
  ctx: AttendanceContext;
  ticket: TicketView;
  now: number;
  pickable: boolean;
  userName: (id: string | null | undefined) => string | null;
  refs: ConversationReferences;
}

/** True from the first render where `value` is true on. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

const problem = (title: string, message: string) => notifications.show({ color: 'red', title, message });

/** The open ticket: header, messages, composer and the lifecycle dialogs. */
export function ConversationView({ ctx, ticket, now, pickable, userName, refs }: ConversationViewProps) {
  const ui = useSnapshot(attendanceUi);
  const ticketId = String(ticket.id);
  const conversation = useConversation(ticket, ctx.instanceId, ui.messageSearch.open ? ui.messageSearch.query : '', now);
  const [draft, saveDraft] = useDraft(ticketId);
  const [scheduleText, setScheduleText] = useState<string | null>(null);
  const customer = ticket.customer ?? null;
  const name = customer ? customerDisplayName(customer) : ticket.customer_name || customerDisplayName(null);
  const actions = useTicketActions(ctx.tenant, ticket, name);
  const abilities = ticketAbilities(ticket, ctx.viewer, pickable);
  const state = ticketState(ticket);
  const phone = customer?.phone_number ?? '';
  const target = { tenant: ctx.tenant, toNumber: phone, instanceId: String(ticket.instance_id) };

  const windowLeft = ctx.connection?.official ? windowRemainingMs(lastIncomingAt(conversation.messages), now) : null;
  const replyId = ui.replyTo[ticketId] ?? draft?.reply_to_id ?? null;
  const replyTo = replyId ? (conversation.parentOf(replyId) ?? null) : null;

  const { loaded, messages, hasOlder, loadingOlder, loadOlder } = conversation;
  // The composer comes in a render of its own, after the messages are on screen.
  const composerShown = useDeferredValue(loaded);

  // Opening a ticket (and every new message while it is open) resets its unseen counter (SPEC §4),
  // once its messages are on screen: the write (and the list's recount it sets off) would otherwise
  // queue in IndexedDB ahead of the reads of the conversation being opened.
  const unseen = ticket.unseenMsg ?? 0;
  useEffect(() => {
    if (loaded && unseen > 0) markTicketViewed(ticketId).catch(() => undefined);
  }, [ticketId, unseen, loaded]);

  // A previous ticket chosen in the history: show its first message, loading older history if needed.
  const jump = ui.jump;
  useEffect(() => {
    if (!jump || !loaded) return;
    const first = messages.find((m) => String(m.chat_ticket_id ?? '') === jump.ticketId);
    if (first) {
      attendanceActions.focusMessage(String(first.id));
      attendanceActions.jumpDone();
    } else if (!hasOlder) attendanceActions.jumpDone();
    else if (hasOlder && !loadingOlder) loadOlder();
  }, [jump, loaded, messages, hasOlder, loadingOlder, loadOlder]);

  // Fresh presence when the transfer dialog opens, so online attendants are listed first.
  const [onlineIds, setOnlineIds] = useState<ReadonlySet<string> | null>(null);
  const transferOpen = ui.modal === 'transfer';
  // The dialogs mount when first opened (then stay, for their closing transition), not with every conversation.
  const transferMounted = useOnceTrue(transferOpen);
  const closeMounted = useOnceTrue(ui.modal === 'close');
  const flowMounted = useOnceTrue(ui.modal === 'flow');
  useEffect(() => {
    if (!transferOpen || !ctx.online || !ctx.instanceId) return;
    let live = true;
    fetchOnlineUsers(ctx.tenant, ctx.viewer.userId, ctx.instanceId)
      .then((users) => live && setOnlineIds(new Set(users.filter((u) => u.isConnected !== false).map((u) => String(u.id)))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [transferOpen, ctx.online, ctx.tenant, ctx.viewer.userId, ctx.instanceId]);
  const transferUsers = useMemo(
    () => (onlineIds ? refs.users.map((u) => ({ ...u, isConnected: onlineIds.has(String(u.id)) })) : refs.users),
    [onlineIds, refs.users],
  );

  const hits = conversation.hits;
  const currentHit = hits[Math.min(ui.messageSearch.index, Math.max(0, hits.length - 1))];
  const currentHitId = currentHit ? String(currentHit.id) : null;
  useEffect(() => {
    if (currentHitId) attendanceActions.focusMessage(currentHitId);
  }, [currentHitId]);
  const search = useMemo(
    () => (ui.messageSearch.open ? { query: ui.messageSearch.query, hitIds: new Set(hits.map((h) => String(h.id))), currentId: currentHitId } : undefined),
    [ui.messageSearch.open, ui.messageSearch.query, hits, currentHitId],
  );

  const setReply = useCallback(
    (message: MessageView | null) => {
      attendanceActions.setReplyTo(ticketId, message ? String(message.id) : null);
      void saveDraft(draft?.text ?? '', message ? String(message.id) : null);
    },
    [ticketId, saveDraft, draft?.text],
  );
  const onDraftChange = useCallback((text: string) => saveDraft(text, attendanceUi.replyTo[ticketId] ?? null), [saveDraft, ticketId]);
  const onSendText = async (text: string) => {
    try {
      await sendMessage({
        ticket: { id: ticketId, customer_id: String(ticket.customer_id), instance_id: String(ticket.instance_id) },
        text,
        replyTo: replyId && !ui.commentMode ? { id: replyId } : null,
        comment: ui.commentMode,
      });
    } catch (error) {
      problem(t.ack.failed, t.needsNetwork);
      throw error;
    }
    if (replyId) setReply(null);
  };
  const onSendAttachment = (attachment: AttachmentDraft, caption: string) => sendAttachment(target, attachment, caption);
  const onReact = useCallback(
    (message: MessageView, emoji: string) => void sendReaction(ctx.tenant, String(message.id), emoji, String(ticket.instance_id)).catch(() => undefined),
    [ctx.tenant, ticket.instance_id],
  );
  const onRetry = useCallback((message: MessageView) => void retryMessage(String(message.id)).catch(() => undefined), []);
  const resolveMedia = useCallback((url: string) => signedFileUrl(ctx.tenant, url), [ctx.tenant]);

  const readOnly = !abilities.reply
    ? state === 'closed'
      ? t.readOnlyClosed
      : state === 'inbox'
        ? t.readOnlyInbox
        : t.readOnlyOther(userName(ticket.user_id != null ? String(ticket.user_id) : null) ?? t.noAttendant)
    : null;

  return (
    <MediaResolverContext.Provider value={resolveMedia}>
      <ConversationHeader
        name={name}
        image={customer?.image ?? null}
        phone={formatPhone(phone)}
        protocol={ticket.protocol ?? null}
        startedAt={ticket.started_at ?? ticket.createdAt ?? null}
        attendant={userName(ticket.user_id != null ? String(ticket.user_id) : null)}
        state={state}
        research={ticket.is_research === true}
        grade={ticket.grade ?? null}
        connection={ctx.connection}
        windowLeftMs={windowLeft}
        abilities={abilities}
        busy={actions.busy}
        onBack={() => attendanceActions.select(null)}
        onPick={() => void actions.pick()}
        onTransfer={() => attendanceActions.openModal('transfer')}
        onStartFlow={() => attendanceActions.openModal('flow')}
        onClose={() => attendanceActions.openModal('close')}
        onToggleResearch={() => void actions.toggleResearch()}
        onCustomer={() => attendanceActions.openPanel('customer')}
        onHistory={() => attendanceActions.openPanel('history')}
        onSearch={() => attendanceActions.openMessageSearch(!ui.messageSearch.open)}
      />
      {ui.messageSearch.open && (
        <MessageSearchBar
          query={ui.messageSearch.query}
          index={ui.messageSearch.index}
          total={hits.length}
          onQuery={attendanceActions.setMessageSearch}
          onStep={(step) => attendanceActions.stepMessageSearch(step, hits.length)}
          onClose={() => attendanceActions.openMessageSearch(false)}
        />
      )}
      {ctx.viewer.roleName === ADMIN_ROLE && ticket.inbox_department_id == null && state !== 'closed' ? (
        <NoDepartmentBanner tenant={ctx.tenant} ticketId={String(ticket.id)} departments={refs.departments} />
      ) : null}
      <MessageList
        conversationKey={`${ticket.customer_id}|${ticket.instance_id}`}
        items={conversation.items}
        parentOf={conversation.parentOf}
        reactionsOf={conversation.reactionsOf}
        loading={!loaded}
        loadingOlder={conversation.loadingOlder}
        hasOlder={conversation.hasOlder}
        onLoadOlder={conversation.loadOlder}
        search={search}
        focus={ui.focus}
        offline={!ctx.online}
        canAct={abilities.reply}
        onReply={setReply}
        onReact={onReact}
        onRetry={onRetry}
        onJumpTo={(id) => attendanceActions.focusMessage(String(id))}
      />
      {!composerShown ? null : readOnly ? (
        <Paper className="pb-att-composer" radius={0}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {readOnly}
            </Text>
            {abilities.pick && (
              <Button size="xs" onClick={() => void actions.pick()} loading={actions.busy}>
                {t.pick}
              </Button>
            )}
          </Group>
        </Paper>
      ) : (
        <Composer.Component
          key={ticketId}
          tenant={ctx.tenant}
          draft={draft?.text ?? null}
          onDraftChange={onDraftChange}
          replyTo={replyTo}
          onCancelReply={() => setReply(null)}
          commentMode={ui.commentMode}
          onCommentModeChange={attendanceActions.setCommentMode}
          quickAnswers={refs.quickAnswers}
          templates={ctx.connection?.official ? refs.templates : []}
          templateRequired={windowLeft === 0}
          onSendText={onSendText}
          onSendAttachment={onSendAttachment}
          onSendTemplate={(template) =>
            void sendTemplate(target, { name: template.identifier, language: template.language ?? 'pt_BR', components: template.components }).catch(
              () => undefined,
            )
          }
          onProblem={problem}
          onSchedule={setScheduleText}
        />
      )}
      {scheduleText !== null && (
        <ScheduleMessageModal
          initialText={scheduleText}
          onClose={() => setScheduleText(null)}
          tenant={ctx.tenant}
          instanceId={String(ticket.instance_id)}
          customerId={String(ticket.customer_id)}
          online={ctx.online}
        />
      )}
      {flowMounted && (
        <StartFlowModal.Component opened={ui.modal === 'flow'} tenant={ctx.tenant} ticketId={String(ticket.id)} online={ctx.online} onClose={() => attendanceActions.openModal(null)} />
      )}
      {transferMounted && (
        <TransferModal.Component
          opened={ui.modal === 'transfer'}
          users={transferUsers}
          departments={refs.departments}
          holderId={ticket.user_id}
          pending={actions.pending}
          busy={actions.busy}
          online={ctx.online}
          onClose={() => attendanceActions.openModal(null)}
          onCreate={(target) => void actions.transfer(target)}
          onConfirm={() => void actions.confirmPending()}
          onCancelPending={() => void actions.cancelPending()}
        />
      )}
      {closeMounted && (
        <CloseTicketModal.Component
          opened={ui.modal === 'close'}
          reasons={refs.reasons}
          busy={actions.busy}
          onClose={() => attendanceActions.openModal(null)}
          onConfirm={(input) => void actions.close(input)}
        />
      )}
    </MediaResolverContext.Provider>
  );
}
