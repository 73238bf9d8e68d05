import { provideConnectionSwitch } from '../../state/connection-switch';
import { chooseOnlyConnection, resumeActiveConnection } from './state/activate-connection';
import { switchToConnection } from './state/switch-connection';
import { startConnectionDropWatch, stopConnectionDropWatch } from './watch/connection-drop-watch';

/**
 * What the connections feature runs on every signed-in page: the remembered connection keeps
 * replicating (or the only one the user may use is chosen), other features may switch it, and a drop of any of the user's connections shows 'Conexão desconectada!'.
 * The signed-in route starts it on enter and stops it on leave (sign-out).
 */
export function startConnectionServices(tenant: string): void {
  resumeActiveConnection(tenant);
  void chooseOnlyConnection(tenant);
  startConnectionDropWatch(tenant);
  // Links to a ticket of another connection (customers/list's "Abrir conversa", report lines) switch through this.
  provideConnectionSwitch(switchToConnection);
}

export function stopConnectionServices(): void {
  stopConnectionDropWatch();
  provideConnectionSwitch(null);
}

/** The first of the services alone, started as soon as a signed-in page begins to load. */
export { resumeActiveConnection };
