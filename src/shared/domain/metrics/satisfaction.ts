/**
 * Satisfaction survey figures (SPEC §3 grade, is_research). The scale is the setting `nps_scale`:
 * '1-5' (the survey's original question, the default) or '0-10' (Net Promoter Score).
 */
export type NpsScale = '1-5' | '0-10';

export const NPS_SCALE_KEY = 'nps_scale';
export const DEFAULT_NPS_SCALE: NpsScale = '1-5';

export const parseNpsScale = (value: string | null | undefined): NpsScale => (value?.trim() === '0-10' ? '0-10' : DEFAULT_NPS_SCALE);

export const scaleGrades = (scale: NpsScale): number[] => (scale === '0-10' ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [1, 2, 3, 4, 5]);

/** A grade as the customer answers it: the number alone in the message, within the scale. */
export function parseGradeForScale(text: string | null | undefined, scale: NpsScale): number | null {
  const match = /^\s*(\d{1,2})\s*[.!]?\s*$/.exec(text ?? '');
  if (!match) return null;
  const grade = Number(match[1]);
  return scaleGrades(scale).includes(grade) ? grade : null;
}

export type GradeBand = 'promoter' | 'passive' | 'detractor';

/** 0–10: promoters 9–10, passives 7–8, detractors 0–6. 1–5: 5 and 4 satisfied, 3 neutral, 1–2 unsatisfied. */
export function gradeBand(grade: number, scale: NpsScale): GradeBand {
  if (scale === '0-10') return grade >= 9 ? 'promoter' : grade >= 7 ? 'passive' : 'detractor';
  return grade >= 4 ? 'promoter' : grade === 3 ? 'passive' : 'detractor';
}

export interface Satisfaction {
  sent: number;
  answered: number;
  /** answered / sent, in %; null with no survey sent. */
  responseRate: number | null;
  /** Mean grade, one decimal; null with no answer. */
  average: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters − % detractors, rounded; only on the 0–10 scale, null otherwise or with no answer. */
  nps: number | null;
  /** % of satisfied answers (the 1–5 scale's headline); null with no answer. */
  satisfiedPercent: number | null;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function satisfaction(distribution: ReadonlyMap<number, number>, sent: number, scale: NpsScale): Satisfaction {
  let answered = 0;
  let sum = 0;
  const bands: Record<GradeBand, number> = { promoter: 0, passive: 0, detractor: 0 };
  for (const [grade, count] of distribution) {
    answered += count;
    sum += grade * count;
    bands[gradeBand(grade, scale)] += count;
  }
  const percent = (n: number) => (n / answered) * 100;
  return {
    sent,
    answered,
    responseRate: sent === 0 ? null : round1((answered / sent) * 100),
    average: answered === 0 ? null : round1(sum / answered),
    promoters: bands.promoter,
    passives: bands.passive,
    detractors: bands.detractor,
    nps: scale === '0-10' && answered > 0 ? Math.round(percent(bands.promoter) - percent(bands.detractor)) : null,
    satisfiedPercent: answered === 0 ? null : round1(percent(bands.promoter)),
  };
}
