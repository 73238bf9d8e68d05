import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../../src/shared/domain/routes';
import { SETTING_DEFINITIONS, effectiveSetting, parseSurveyGrade, settingDefinition, settingValueError } from '../../../../src/shared/domain/setting-keys';

describe('the setting catalogue', () => {
  it('names a real route for every key and has unique keys', () => {
    const routes = new Set(APP_ROUTES.map((r) => r.name));
    expect(SETTING_DEFINITIONS.every((d) => routes.has(d.route))).toBe(true);
    expect(new Set(SETTING_DEFINITIONS.map((d) => d.key)).size).toBe(SETTING_DEFINITIONS.length);
  });

  it('accepts only values of the input kind', () => {
    const minutes = settingDefinition('transfer_no_response_minutes')!;
    expect(settingValueError(minutes, '30')).toBeNull();
    expect(settingValueError(minutes, '-1')).toMatch(/0 a 1440/);
    expect(settingValueError(minutes, '2.5')).toMatch(/inteiro/);
    expect(settingValueError(settingDefinition('nps_enabled')!, 'sim')).toBe('Escolha ligado ou desligado.');
    expect(settingValueError(settingDefinition('nps_scale')!, '0-10')).toBeNull();
    expect(settingValueError(settingDefinition('nps_scale')!, '1-7')).toBe('Escolha uma das opções.');
    expect(settingValueError(settingDefinition('closing_message')!, 'x'.repeat(1001))).toMatch(/1000/);
  });

  it("reads the connection's value first, then the tenant's, then the default", () => {
    const rows = [
      { key: 'closing_message', instance_id: null, value: 'Da loja' },
      { key: 'closing_message', instance_id: '2', value: 'Da conexão 2' },
    ];
    expect(effectiveSetting(rows, 'closing_message', '2')).toBe('Da conexão 2');
    expect(effectiveSetting(rows, 'closing_message', 3)).toBe('Da loja');
    expect(effectiveSetting([], 'closing_message', null)).toBe('Seu atendimento foi finalizado. Obrigado pelo contato!');
  });
});

describe('parseSurveyGrade: the answer scale', () => {
  it.each([
    ['5', '1-5', 5],
    [' 3. ', '1-5', 3],
    ['0', '1-5', null],
    ['6', '1-5', null],
    ['0', '0-10', 0],
    ['10', '0-10', 10],
    ['11', '0-10', null],
    ['nota 5', '1-5', null],
    ['4', null, 4],
  ])('%j on %s is %s', (text, scale, grade) => {
    expect(parseSurveyGrade(text, scale)).toBe(grade);
  });
});
