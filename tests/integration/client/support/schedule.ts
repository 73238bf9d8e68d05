import { prng } from './faults';

/**
 * The seeded random schedules of the convergence tests: sends, customer messages, offline and
 * online flips, lost and duplicated push answers, client and server restarts, views (unseen
 * reset) and department moves, replayable from the seed.
 */
export type Step =
  | { kind: 'send'; client: number; pick: number }
  | { kind: 'inbound'; customer: number }
  | { kind: 'offline' | 'online' | 'restart' | 'drop' | 'duplicate' | 'view'; client: number; pick: number }
  | { kind: 'server-restart' }
  | { kind: 'move'; ticket: number }
  | { kind: 'pause'; ms: number };

export function schedule(seed: number, moves = true, lengths = { min: 8, spread: 6 }): Step[] {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const steps: Step[] = [];
  const length = lengths.min + int(lengths.spread);
  for (let i = 0; i < length; i++) {
    const r = random();
    const client = int(3);
    const pick = int(1000);
    if (r < 0.3) steps.push({ kind: 'send', client, pick });
    else if (r < 0.42) steps.push({ kind: 'inbound', customer: int(2) });
    else if (r < 0.52) steps.push({ kind: 'offline', client, pick });
    else if (r < 0.62) steps.push({ kind: 'online', client, pick });
    else if (r < 0.7) steps.push({ kind: 'drop', client, pick });
    else if (r < 0.77) steps.push({ kind: 'duplicate', client, pick });
    else if (r < 0.84) steps.push({ kind: 'restart', client, pick });
    else if (r < 0.88) steps.push({ kind: 'view', client, pick });
    else if (r < 0.93) steps.push(moves ? { kind: 'move', ticket: int(2) } : { kind: 'pause', ms: 5 });
    else if (r < 0.96) steps.push({ kind: 'server-restart' });
    else steps.push({ kind: 'pause', ms: 5 + int(40) });
  }
  return steps;
}

