import { describe, expect, it } from 'vitest';
import {
  isTemplateEditable,
  templateStatusColor,
  templateStatusLabel,
} from '../../../../src/shared/domain/template-status';

describe('template statuses (SPEC §9)', () => {
  it.each([
    ['APPROVED', 'Aprovado', 'green'],
    ['REJECTED', 'Rejeitado', 'red'],
    ['PAUSED', 'Pausado', 'yellow'],
    ['PENDING', 'Pendente', 'gray'],
    ['SUBMITTED', 'Pendente', 'gray'],
    ['approved', 'Aprovado', 'green'],
    [' PAUSED ', 'Pausado', 'yellow'],
  ])('%s → %s, %s', (status, label, color) => {
    expect(templateStatusLabel(status)).toBe(label);
    expect(templateStatusColor(status)).toBe(color);
  });

  it.each([['DISABLED'], ['IN_APPEAL'], ['whatever'], ['']])('shows unknown %j as it came, in gray', (status) => {
    expect(templateStatusLabel(status)).toBe(status);
    expect(templateStatusColor(status)).toBe('gray');
  });

  it('does not treat inherited object keys as statuses', () => {
    expect(templateStatusLabel('constructor')).toBe('constructor');
    expect(templateStatusLabel('TOSTRING')).toBe('TOSTRING');
  });

  it('gives an empty label for a missing status', () => {
    expect(templateStatusLabel(null)).toBe('');
    expect(templateStatusLabel(undefined)).toBe('');
    expect(templateStatusColor(null)).toBe('gray');
  });

  it.each([
    ['APPROVED', true],
    ['REJECTED', true],
    ['PAUSED', true],
    ['PENDING', false],
    ['SUBMITTED', false],
    ['DISABLED', false],
    [null, false],
  ])('%s editable: %s', (status, editable) => {
    expect(isTemplateEditable(status)).toBe(editable);
  });
});
