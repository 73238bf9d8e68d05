import type { InstanceSummary } from './instance';

/**
 * Remembers whether each connection was up and reports the ones that just dropped (activated
 * true → false, SPEC §4). A connection seen for the first time is never a drop: a user who signs
 * in while it is down learns that from the chooser's badge, not from a notice.
 */
export class DropTracker {
  private readonly up = new Map<string, boolean>();

  /** One changed connection (a subscription event); true when it dropped. */
  observe(instance: InstanceSummary): boolean {
    const before = this.up.get(instance.id);
    this.up.set(instance.id, instance.activated);
    return before === true && !instance.activated;
  }

  /** The full list (a poll); connections no longer listed are forgotten. Returns those that dropped. */
  observeAll<T extends InstanceSummary>(instances: readonly T[]): T[] {
    const listed = new Set(instances.map((instance) => instance.id));
    for (const id of [...this.up.keys()]) if (!listed.has(id)) this.up.delete(id);
    return instances.filter((instance) => this.observe(instance));
  }
}
