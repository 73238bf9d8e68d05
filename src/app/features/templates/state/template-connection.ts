import { proxy } from 'valtio';
import { readJson, writeJson } from '../../../state/storage';

/** The Cloud API connection whose templates the list and the add screen work on (this tab). */
const KEY = 'pedbot.templates.connection';

export const templateConnection = proxy<{ id: string | null }>({ id: readJson<string>('session', KEY) });

export function selectTemplateConnection(id: string): void {
  templateConnection.id = id;
  writeJson('session', KEY, id);
}

/** The remembered connection when it is still listed, else the first one. */
export function pickConnection<T extends { id: string }>(connections: readonly T[], remembered: string | null): T | null {
  return connections.find((c) => c.id === remembered) ?? connections[0] ?? null;
}
