import { startSession, sessionState, type SignedInUser, type TokenGrant } from '../../state/session';
import { sendMessage } from '../actions';
import { syncState$ } from '../health/sync-state';
import { OUTBOX_QUEUE_NAME } from '../replication/outbox-contract';
import { REPLICATED, type CustomerChatDoc } from '../schema';
import { bindDataSessionToApp, selectConnection } from '../session/app-binding';
import { currentDataSession, endDataSession } from '../session/data-session';

/**
 * A page for the browser tests of the data module (tests/e2e/sync.e2e.ts), built only by them:
 * it signs in with the shell's session store, runs the real app binding (Dexie on IndexedDB,
 * leader election, graphql-ws, the service worker outbox) and exposes a few probes on `window`.
 */
const INSTANCE_KEY = 'pedbot.harness.instance';

const LOG_IN = `mutation ($email: String!, $password: String!) {
  logIn(email: $email, password: $password, remember: true) {
    token refresh_token expires_in
    user { id email name image username twofactor_activity role { id name display_name has_permission_routes }
      userDepartment { id name activated } userInstances { id instance_id name } }
  }
}`;

async function signIn(tenant: string, email: string, password: string): Promise<SignedInUser> {
  const response = await fetch(`/${tenant}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOG_IN, variables: { email, password } }),
  });
  const body = (await response.json()) as { data?: { logIn: TokenGrant & { user: SignedInUser } } };
  const login = body.data?.logIn;
  if (!login?.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  startSession(tenant, login, login.user, true);
  return login.user;
}

async function start(instanceId: string): Promise<void> {
  localStorage.setItem(INSTANCE_KEY, instanceId);
  await selectConnection(instanceId);
}

const db = () => {
  const session = currentDataSession();
  if (!session) throw new Error('no data session');
  return session.db;
};

const harness = {
  signIn,
  start,
  /** After a reload: the stored session and connection, as the app would resume them. */
  resume: async () => {
    const instanceId = localStorage.getItem(INSTANCE_KEY);
    if (!sessionState.current || !instanceId) return false;
    await selectConnection(instanceId);
    return true;
  },
  isLeader: () => currentDataSession()?.engine.isLeader() ?? false,
  counts: async () =>
    Object.fromEntries(await Promise.all(REPLICATED.map(async (name) => [name, (await db()[name].find().exec()).length] as const))),
  tickets: async () => (await db().chattickets.find().exec()).map((d) => d.toJSON()),
  messages: async () => (await db().customerchats.find().exec()).map((d) => d.toJSON() as CustomerChatDoc),
  send: async (ticketId: string, text: string) => {
    const ticket = await db().chattickets.findOne(ticketId).exec();
    if (!ticket) throw new Error(`ticket ${ticketId} is not local`);
    return sendMessage({ ticket: { id: ticket.id, customer_id: ticket.customer_id, instance_id: ticket.instance_id }, text });
  },
  /** Requests the service worker's Background Sync queue holds for the outbox. */
  queuedSends: () =>
    new Promise<number>((resolve) => {
      const open = indexedDB.open('workbox-background-sync');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const idb = open.result;
        if (!idb.objectStoreNames.contains('requests')) return resolve(0);
        const all = idb.transaction('requests').objectStore('requests').getAll();
        all.onsuccess = () => resolve((all.result as Array<{ queueName: string }>).filter((r) => r.queueName === OUTBOX_QUEUE_NAME).length);
        all.onerror = () => resolve(0);
      };
    }),
  registerWorker: async () => {
    await navigator.serviceWorker.register('./sw.js', { scope: './' });
    await navigator.serviceWorker.ready;
  },
  stop: () => endDataSession({ wipe: false }),
};

declare global {
  interface Window {
    pedbotHarness: typeof harness;
  }
}

bindDataSessionToApp();
syncState$.subscribe((state) => {
  const element = document.getElementById('health');
  if (element) element.textContent = state.label;
});
window.pedbotHarness = harness;
