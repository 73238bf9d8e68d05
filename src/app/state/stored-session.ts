import { readJson } from './storage';
import type { Session } from './session';

/** Its own module because the stored screen's boot script reads the session before the app loads. */
export const SESSION_KEY = 'pedbot.session';

/** The stored session, remembered ones first. Also used to pick up tokens another tab rotated. */
export const readStoredSession = (): Session | null =>
  readJson<Session>('local', SESSION_KEY) ?? readJson<Session>('session', SESSION_KEY);
