import type { CampaignCounts } from '../../../../shared/graphql/generated';

export interface CampaignProgress {
  /** Recipients no longer waiting (sent, failed or canceled), of all. */
  done: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
  /** The message went out (each recipient is counted in its latest state: sent, delivered, read or replied). */
  reached: number;
  excluded: number;
}

/** A campaign's bar and counts: each recipient is in exactly one state, so the states add up to the total. */
export function campaignProgress(counts: CampaignCounts): CampaignProgress {
  const done = Math.max(0, counts.total - counts.queued);
  return {
    done,
    total: counts.total,
    percent: counts.total === 0 ? 0 : Math.floor((done * 100) / counts.total),
    reached: counts.sent + counts.delivered + counts.read + counts.replied,
    excluded: counts.excluded_blacklisted + counts.excluded_opted_out + counts.excluded_invalid,
  };
}

/** Bar colour per campaign status. */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  rascunho: 'gray',
  agendada: 'blue',
  enviando: 'teal',
  pausada: 'yellow',
  concluida: 'green',
  cancelada: 'red',
};
