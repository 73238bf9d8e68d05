import { describe, expect, it } from 'vitest';
import {
  fillDays,
  formatDuration,
  gradeDistribution,
  parseGradeForScale,
  parseNpsScale,
  periodDays,
  previousPeriod,
  satisfaction,
  trendPercent,
} from '../../../../../src/shared/domain/metrics';

describe('satisfaction', () => {
  it('computes NPS as % promoters (9–10) minus % detractors (0–6) on the 0–10 scale', () => {
    // 5 promoters, 2 passives, 3 detractors out of 10 answers: 50 % − 30 % = 20.
    const distribution = new Map([[10, 3], [9, 2], [8, 1], [7, 1], [6, 1], [3, 1], [0, 1]]);
    const s = satisfaction(distribution, 20, '0-10');
    expect(s).toMatchObject({ answered: 10, promoters: 5, passives: 2, detractors: 3, nps: 20, responseRate: 50 });
    expect(s.average).toBe(7.2); // 72 / 10
  });

  it('gives no NPS on the 1–5 scale but the satisfied share and the average', () => {
    const s = satisfaction(new Map([[5, 2], [4, 1], [3, 1], [1, 1]]), 5, '1-5');
    expect(s).toMatchObject({ nps: null, satisfiedPercent: 60, average: 3.6, responseRate: 100 });
  });

  it('has no rates without surveys or answers', () => {
    expect(satisfaction(new Map(), 0, '0-10')).toMatchObject({ responseRate: null, average: null, nps: null, satisfiedPercent: null });
  });

  it('defaults the scale to 1–5 and reads grades within the scale only', () => {
    expect(parseNpsScale(undefined)).toBe('1-5');
    expect(parseNpsScale('0-10')).toBe('0-10');
    expect(parseGradeForScale(' 10 ', '0-10')).toBe(10);
    expect(parseGradeForScale('0', '1-5')).toBeNull();
    expect(parseGradeForScale('7', '1-5')).toBeNull();
    expect(parseGradeForScale('nota 5', '1-5')).toBeNull();
  });

  it('reads the distribution from the grade sums', () => {
    const d = gradeDistribution([
      { metric: 'grade_5', count: 2, total: 0 },
      { metric: 'grade_5', count: 1, total: 0 },
      { metric: 'closed', count: 9, total: 0 },
    ]);
    expect([...d]).toEqual([[5, 3]]);
  });
});

describe('durations, periods and trends', () => {
  it('formats durations in pt-BR', () => {
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(300_000)).toBe('5 min');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(183_600_000)).toBe('2 d 3 h');
    expect(formatDuration(null)).toBe('—');
  });

  it('lists every day of a period and fills the empty ones', () => {
    const period = { from: '2026-10-30', to: '2026-11-02' };
    expect(periodDays(period)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(fillDays(period, new Map([['2026-10-31', 4]]), () => 0)).toEqual([0, 4, 0, 0]);
    expect(previousPeriod(period)).toEqual({ from: '2026-10-26', to: '2026-10-29' });
  });

  it('gives the trend in % against the previous period', () => {
    expect(trendPercent(12, 10)).toBe(20);
    expect(trendPercent(5, 0)).toBeNull();
  });
});

describe('exports', () => {
  it('names the file after the screen, the period and the filters', async () => {
    const { exportFileName } = await import('../../../../../src/shared/domain/metrics');
    expect(exportFileName('Análises', { from: '2026-11-01', to: '2026-11-30' }, { Conexão: 'Loja Demo', Departamento: null }, 'csv')).toBe(
      'analises_2026-11-01_a_2026-11-30_conexao-loja-demo.csv',
    );
  });
});
