import { useCallback, useMemo } from 'react';
import { useReferences } from '../../../data/hooks';
import type { ClosingReason, DepartmentView, MessageTemplateView, OnlineUser, QuickAnswer } from '../model/types';
import type { ConversationReferences } from '../conversation/conversation-view';

interface UserData {
  id: string | number;
  name?: string | null;
  image?: string | null;
  isConnected?: boolean | null;
}

interface QuickAnswerData {
  id: string | number;
  identifier?: string | null;
  value?: string | null;
}

interface TemplateData {
  id: string | number;
  name?: string | null;
  language?: string | null;
  status?: string | null;
  components?: unknown;
}

interface NamedData {
  id: string | number;
  name?: string | null;
  requires_note?: boolean | null;
  reason?: string | null;
  description?: string | null;
}

/** The body text of a WhatsApp template (its BODY component), shown in the picker. */
export function templateBody(components: unknown): string {
  if (!Array.isArray(components)) return '';
  const body = components.find((c: unknown) => (c as { type?: string })?.type?.toUpperCase() === 'BODY') as { text?: string } | undefined;
  return body?.text ?? '';
}

const nameOf = (d: NamedData) => d.name ?? d.reason ?? d.description ?? String(d.id);

/** The reference sets the console needs offline, shaped for its components. */
export function useReferencesView(): ConversationReferences & { userName: (id: string | null | undefined) => string | null } {
  const users = useReferences<UserData>('users');
  const departments = useReferences<NamedData>('departments');
  const quickAnswers = useReferences<QuickAnswerData>('quick_answers');
  const templates = useReferences<TemplateData>('templates');
  const reasons = useReferences<NamedData>('closing_reasons');

  const userList = useMemo<OnlineUser[]>(
    () => users.map((u) => ({ id: String(u.id), name: u.name ?? String(u.id), image: u.image ?? null, isConnected: u.isConnected ?? null })),
    [users],
  );
  const names = useMemo(() => new Map(userList.map((u) => [String(u.id), u.name])), [userList]);
  const userName = useCallback((id: string | null | undefined) => (id ? (names.get(id) ?? null) : null), [names]);

  return {
    users: userList,
    userName,
    departments: useMemo<DepartmentView[]>(() => departments.map((d) => ({ id: String(d.id), name: nameOf(d) })), [departments]),
    quickAnswers: useMemo<QuickAnswer[]>(
      () => quickAnswers.map((q) => ({ id: String(q.id), shortcut: q.identifier ?? '', message: q.value ?? '' })),
      [quickAnswers],
    ),
    templates: useMemo<MessageTemplateView[]>(
      () =>
        templates
          .filter((x) => !x.status || x.status.toUpperCase() === 'APPROVED')
          .map((x) => ({ id: String(x.id), identifier: x.name ?? '', value: templateBody(x.components), language: x.language ?? 'pt_BR' })),
      [templates],
    ),
    reasons: useMemo<ClosingReason[]>(() => reasons.map((r) => ({ id: String(r.id), name: nameOf(r), requires_note: Boolean(r.requires_note) })), [reasons]),
  };
}
