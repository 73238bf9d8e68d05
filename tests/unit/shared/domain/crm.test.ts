import { describe, expect, it } from 'vitest';
import { categorySchema, closingNoteMissing, crmReasonSchema } from '../../../../src/shared/domain/crm';

describe('CRM rules', () => {
  it('asks for a note only when the reason requires one and the note is blank', () => {
    expect(closingNoteMissing({ requires_note: true }, '  ')).toBe(true);
    expect(closingNoteMissing({ requires_note: true }, null)).toBe(true);
    expect(closingNoteMissing({ requires_note: true }, 'ok')).toBe(false);
    expect(closingNoteMissing({ requires_note: false }, '')).toBe(false);
    expect(closingNoteMissing({}, undefined)).toBe(false);
  });

  it('trims names and takes only #rrggbb colours', () => {
    expect(crmReasonSchema.parse({ name: '  Venda ', activated: true, requires_note: false }).name).toBe('Venda');
    expect(crmReasonSchema.safeParse({ name: '', activated: true, requires_note: false }).error?.issues[0]?.message).toBe('Informe o nome.');
    expect(categorySchema.safeParse({ name: 'VIP', color: '#12abEF' }).success).toBe(true);
    expect(categorySchema.safeParse({ name: 'VIP', color: 'blue' }).error?.issues[0]?.message).toBe('Escolha uma cor (#rrggbb).');
  });
});
