/**
 * Switching the connection the user attends through, for features other than the connections
 * feature (features do not import each other, DESIGN §6): the connections feature provides it
 * while a user is signed in, and a link to a ticket of another connection asks for it.
 */
type Switcher = (tenant: string, instanceId: string) => void;

let switcher: Switcher | null = null;

export function provideConnectionSwitch(next: Switcher | null): void {
  switcher = next;
}

/** Starts attending through the connection (replication follows); false when nobody provides it. */
export function switchConnection(tenant: string, instanceId: string): boolean {
  if (!switcher) return false;
  switcher(tenant, instanceId);
  return true;
}
