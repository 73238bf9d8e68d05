import { chooseOnlyConnection, resumeActiveConnection } from './state/activate-connection';
import { startConnectionDropWatch, stopConnectionDropWatch } from './watch/connection-drop-watch';

/**
 * What the connections feature runs on every signed-in page: the remembered connection keeps
 * replicating (or the only one the user may use is chosen), and a drop of any of the user's connections shows 'Conexão desconectada!'.
 * The signed-in route starts it on enter and stops it on leave (sign-out).
 */
export function startConnectionServices(tenant: string): void {
  resumeActiveConnection(tenant);
  void chooseOnlyConnection(tenant);
  startConnectionDropWatch(tenant);
}

export function stopConnectionServices(): void {
  stopConnectionDropWatch();
}

/** The first of the services alone, started as soon as a signed-in page begins to load. */
export { resumeActiveConnection };
