import { foldAnswer, parseBrazilianNumber } from './answers';
import type { ConditionRule, ContactField } from './flow-schema';

/** What a condition may look at besides the session's variables, computed by the engine. */
export interface FlowClock {
  /** 0 = Sunday … 6 = Saturday, in the store's time zone. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
  /** Whether the store is open now by its opening hours (store info). */
  storeOpen: boolean;
}

const parseClock = (value: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
};

function compare(op: ConditionRule['op'], actual: string | null | undefined, expected: string): boolean {
  const value = actual ?? '';
  switch (op) {
    case 'eq':
      return foldAnswer(value) === foldAnswer(expected);
    case 'neq':
      return foldAnswer(value) !== foldAnswer(expected);
    case 'contains':
      return foldAnswer(value).includes(foldAnswer(expected));
    case 'empty':
      return value.trim() === '';
    case 'not_empty':
      return value.trim() !== '';
    case 'gt':
    case 'lt': {
      const left = parseBrazilianNumber(value);
      const right = parseBrazilianNumber(expected);
      if (left === null || right === null) return false;
      return op === 'gt' ? left > right : left < right;
    }
    case 'in':
      return expected.split(',').some((item) => foldAnswer(item) === foldAnswer(value));
    default:
      return false;
  }
}

function timeRule(rule: ConditionRule, minutes: number): boolean {
  const value = rule.value ?? '';
  if (rule.op === 'between') {
    const [from, to] = value.split('-').map(parseClock);
    if (from === null || to === null || from === undefined || to === undefined) return false;
    // A range past midnight ("22:00-06:00") wraps around.
    return from <= to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
  }
  const at = parseClock(value);
  if (at === null) return false;
  return rule.op === 'gt' ? minutes > at : rule.op === 'lt' ? minutes < at : rule.op === 'eq' ? minutes === at : false;
}

export function ruleHolds(
  rule: ConditionRule,
  variables: Readonly<Record<string, string>>,
  contact: Readonly<Partial<Record<ContactField, string | null>>>,
  clock: FlowClock,
): boolean {
  switch (rule.source) {
    case 'variable':
      return compare(rule.op, variables[rule.key ?? ''], rule.value ?? '');
    case 'contact':
      return compare(rule.op, contact[(rule.key ?? '') as ContactField], rule.value ?? '');
    case 'business_hours':
      return rule.op === 'closed' ? !clock.storeOpen : clock.storeOpen;
    case 'weekday':
      return compare(rule.op === 'neq' ? 'neq' : rule.op === 'eq' ? 'eq' : 'in', String(clock.weekday), rule.value ?? '');
    case 'time':
      return timeRule(rule, clock.minutes);
  }
}
