import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/**
 * Leader election between the tabs of one browser, so that only one tab replicates.
 *
 * Why not RxDB's leader-election plugin: it holds a Web Lock, and a frozen tab keeps its lock, so
 * a frozen leader would stop replication for every tab. Here the leader holds a lease that it
 * renews with a heartbeat on a BroadcastChannel; followers take over when the heartbeat stops
 * (closed or frozen tab), and a leader whose own timer fired late (it was frozen) steps down
 * before doing anything else. Ties are broken by (term, id), highest wins.
 */
export interface LeaseElectionTiming {
  /** How often the leader renews its lease. */
  heartbeatMs: number;
  /** A leader silent for this long is considered gone. */
  leaseMs: number;
  /** How long a new tab listens for a leader before claiming. */
  startupMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseElectionTiming = { heartbeatMs: 1_000, leaseMs: 3_500, startupMs: 250 };

type Message =
  | { t: 'hb'; id: string; term: number }
  | { t: 'claim'; id: string; term: number }
  | { t: 'bye'; id: string; term: number }
  | { t: 'who'; id: string; term: number };

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface LeaderElection {
  readonly id: string;
  readonly isLeader$: Observable<boolean>;
  isLeader(): boolean;
  /** Gives leadership away (tab being frozen or hidden for good); another tab takes over at once. */
  abdicate(): void;
  close(): void;
}

export interface LeaseElectionOptions {
  channelName: string;
  timing?: Partial<LeaseElectionTiming>;
  createChannel?: (name: string) => ChannelLike;
  now?: () => number;
  /** Runs `fn` every `ms`; returns a stop function (tests pause it to simulate a frozen tab). */
  every?: (fn: () => void, ms: number) => () => void;
}

const defaultEvery = (fn: () => void, ms: number) => {
  const timer = setInterval(fn, ms);
  return () => clearInterval(timer);
};

const randomId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const outranks = (a: { term: number; id: string }, b: { term: number; id: string }): boolean =>
  a.term > b.term || (a.term === b.term && a.id > b.id);

export function createLeaseElection(options: LeaseElectionOptions): LeaderElection {
  const timing = { ...DEFAULT_LEASE_TIMING, ...options.timing };
  const now = options.now ?? (() => Date.now());
  const channel: ChannelLike = (options.createChannel ?? ((name) => new BroadcastChannel(name)))(options.channelName);
  const id = randomId();
  const leader$ = new BehaviorSubject(false);
  const fastTick = Math.min(timing.heartbeatMs, timing.startupMs);
  let role: 'follower' | 'candidate' | 'leader' = 'follower';
  let term = 0;
  let candidateSince = 0;
  let lastLeaderSeen = now() - timing.leaseMs + timing.startupMs;
  let lastTick = now();
  let lastBeat = 0;
  let closed = false;

  const post = (t: Message['t']) => {
    if (!closed) channel.postMessage({ t, id, term } satisfies Message);
  };
  const setRole = (next: typeof role) => {
    role = next;
    leader$.next(next === 'leader');
  };
  const beat = () => {
    lastBeat = now();
    post('hb');
  };
  const stepDown = () => {
    setRole('follower');
    lastLeaderSeen = now();
  };

  const tick = () => {
    const at = now();
    const late = at - lastTick > timing.leaseMs;
    lastTick = at;
    if (role === 'leader' && late) {
      // Our timer stalled longer than the lease: another tab may lead by now.
      stepDown();
      post('who');
      return;
    }
    if (role === 'leader') {
      if (at - lastBeat >= timing.heartbeatMs) beat();
    } else if (role === 'candidate' && at - candidateSince >= fastTick) {
      setRole('leader');
      beat();
    } else if (role === 'follower' && at - lastLeaderSeen > timing.leaseMs) {
      term += 1;
      candidateSince = at;
      role = 'candidate';
      post('claim');
    }
  };

  channel.onmessage = (event: MessageEvent) => {
    const message = event.data as Message;
    if (closed || !message || message.id === id) return;
    if (message.t === 'who') {
      if (role === 'leader') beat();
      return;
    }
    if (message.t === 'bye') {
      if (message.term >= term && role === 'follower') lastLeaderSeen = -Infinity;
      term = Math.max(term, message.term);
      return;
    }
    if (outranks(message, { term, id })) {
      term = message.term;
      if (role !== 'follower') setRole('follower');
      lastLeaderSeen = now();
    } else if (role === 'leader') {
      beat();
    }
  };

  const stopTicking = (options.every ?? defaultEvery)(tick, fastTick);
  post('who');

  return {
    id,
    isLeader$: leader$.pipe(distinctUntilChanged()),
    isLeader: () => leader$.getValue(),
    abdicate: () => {
      if (role !== 'leader') return;
      post('bye');
      stepDown();
      // Let the others claim first; this tab only claims again after a full lease of silence.
      lastLeaderSeen = now() + timing.leaseMs;
    },
    close: () => {
      if (closed) return;
      if (role === 'leader') post('bye');
      closed = true;
      stopTicking();
      setRole('follower');
      leader$.complete();
      channel.close();
    },
  };
}
