import { gqlRequest } from '../../../api/graphql-client';
import { replaceReferenceSet } from '../../../data/actions';

/**
 * Copies the small sets the console needs offline into the local reference collection (DESIGN §4):
 * quick answers, the connection's approved WhatsApp templates, and the attendants, departments and
 * closing reasons. Runs when the screen opens online; offline the last copy serves.
 */
export interface RefreshTarget {
  tenant: string;
  instanceId: string;
  official: boolean;
}

type Item = { id: string | number } & Record<string, unknown>;

const QUICK_ANSWERS = 'query { messageTemplates { id identifier value } }';
const TEMPLATES = `query($instance_id: ID!) {
  whatsappTemplates(instance_id: $instance_id, status: "APPROVED", refresh: false) { id name language status components }
}`;
const ATTENDANCE_REFERENCES = `query($instance_id: ID!) {
  attendanceReferences(instance_id: $instance_id) {
    users { id name image isConnected department_id }
    departments { id name }
    closing_reasons { id name requires_note }
    categories { id name color }
  }
}`;

async function refreshSet(kind: Parameters<typeof replaceReferenceSet>[0], load: () => Promise<readonly Item[]>): Promise<void> {
  try {
    await replaceReferenceSet(kind, await load());
  } catch {
    // Offline or not allowed: the copy already stored keeps serving the screen.
  }
}

/** Only the quick answers: what configs/quick-answers just changed (tenant change 'quick_answers'). */
export function refreshQuickAnswers(tenant: string): Promise<void> {
  return refreshSet('quick_answers', async () => (await gqlRequest<{ messageTemplates: Item[] }>(QUICK_ANSWERS, {}, { tenant, notify: false })).messageTemplates);
}

export async function refreshAttendanceReferences({ tenant, instanceId, official }: RefreshTarget): Promise<void> {
  const quiet = { tenant, notify: false };
  const tasks = [
    refreshSet('quick_answers', async () => (await gqlRequest<{ messageTemplates: Item[] }>(QUICK_ANSWERS, {}, quiet)).messageTemplates),
    (async () => {
      try {
        const data = await gqlRequest<{
          attendanceReferences: { users: Item[]; departments: Item[]; closing_reasons: Item[]; categories: Item[] };
        }>(ATTENDANCE_REFERENCES, { instance_id: instanceId }, quiet);
        await replaceReferenceSet('users', data.attendanceReferences.users);
        await replaceReferenceSet('departments', data.attendanceReferences.departments);
        await replaceReferenceSet('closing_reasons', data.attendanceReferences.closing_reasons);
        await replaceReferenceSet('categories', data.attendanceReferences.categories);
      } catch {
        // As above: the stored copy serves.
      }
    })(),
  ];
  if (official) {
    tasks.push(
      refreshSet('templates', async () => (await gqlRequest<{ whatsappTemplates: Item[] }>(TEMPLATES, { instance_id: instanceId }, quiet)).whatsappTemplates),
    );
  }
  await Promise.all(tasks);
}
