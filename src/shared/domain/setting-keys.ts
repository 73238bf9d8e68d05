/**
 * Every setting key the product reads (SPEC §3 Setting: key/value strings, per tenant or per
 * connection), with its pt-BR label, help, input and the screen that edits it. The dynamic
 * settings screen lists the `dynamic` ones; the others have screens of their own. A value set on a
 * connection wins over the tenant's; no row at all means the default.
 */
export type SettingInput =
  | { kind: 'boolean' }
  | { kind: 'number'; min: number; max: number; unit: string }
  | { kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: 'text'; max: number; multiline: boolean };

export interface SettingDefinition {
  key: string;
  label: string;
  help: string;
  input: SettingInput;
  /** Whether a connection may override the tenant's value. */
  perConnection: boolean;
  /** The route (routes.ts) whose screen edits it; its access rule decides who may read and change it. */
  route: string;
  /** Listed on configs/dynamic-settings. */
  dynamic: boolean;
  defaultValue: string;
}

export const DEFAULT_CLOSING_MESSAGE = 'Seu atendimento foi finalizado. Obrigado pelo contato!';
export const DEFAULT_SURVEY_QUESTION = 'Como você avalia o nosso atendimento? Responda com uma nota de {{escala}}.';
export const DEFAULT_SURVEY_THANKS = 'Obrigado pela sua avaliação!';

/** Answer scales of the satisfaction survey; the dashboards read the key `nps_scale`. */
export const NPS_SCALES = [
  { value: '1-5', label: 'De 1 a 5', min: 1, max: 5 },
  { value: '0-10', label: 'De 0 a 10 (NPS)', min: 0, max: 10 },
] as const;
export type NpsScale = (typeof NPS_SCALES)[number]['value'];

const bool = { kind: 'boolean' } as const;
const longText = { kind: 'text', max: 1000, multiline: true } as const;

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    key: 'closing_message',
    label: 'Mensagem de encerramento',
    help: 'Enviada ao cliente quando o atendimento é finalizado. Deixe em branco para não enviar nada.',
    input: longText,
    perConnection: true,
    route: 'configs-closing-messages',
    dynamic: false,
    defaultValue: DEFAULT_CLOSING_MESSAGE,
  },
  {
    key: 'nps_enabled',
    label: 'Enviar pesquisa de satisfação',
    help: 'Ao finalizar um atendimento, pergunta ao cliente a nota do atendimento.',
    input: bool,
    perConnection: true,
    route: 'configs-nps-messages',
    dynamic: false,
    defaultValue: 'true',
  },
  {
    key: 'nps_message',
    label: 'Pergunta da pesquisa',
    help: 'Use {{escala}} para mostrar a escala de notas ao cliente.',
    input: longText,
    perConnection: true,
    route: 'configs-nps-messages',
    dynamic: false,
    defaultValue: DEFAULT_SURVEY_QUESTION,
  },
  {
    key: 'nps_thanks',
    label: 'Agradecimento pela resposta',
    help: 'Enviado ao cliente logo depois que ele responde a pesquisa com uma nota válida. Deixe em branco para não enviar nada.',
    input: longText,
    perConnection: true,
    route: 'configs-nps-messages',
    dynamic: false,
    defaultValue: DEFAULT_SURVEY_THANKS,
  },
  {
    key: 'nps_scale',
    label: 'Escala de respostas',
    help: 'As notas que o cliente pode dar. Os painéis de satisfação usam a mesma escala.',
    input: { kind: 'select', options: NPS_SCALES.map(({ value, label }) => ({ value, label })) },
    perConnection: false,
    route: 'configs-nps-messages',
    dynamic: false,
    defaultValue: '1-5',
  },
  {
    key: 'older_inbox_chats_first',
    label: 'Atender primeiro os mais antigos da fila',
    help: 'Atendentes de um departamento só podem assumir o atendimento mais antigo da fila (favoritos não contam). Administradores continuam livres.',
    input: bool,
    perConnection: true,
    route: 'configs-dynamic-settings',
    dynamic: true,
    defaultValue: 'false',
  },
  {
    key: 'older_inbox_chats_obligatorie_in_first',
    label: 'Favoritos também esperam a vez',
    help: 'Com “Atender primeiro os mais antigos da fila” ligado, o cliente favorito também entra na ordem de chegada. Desligado, os favoritos ficam fora da conta do mais antigo.',
    input: bool,
    perConnection: true,
    route: 'configs-dynamic-settings',
    dynamic: true,
    defaultValue: 'false',
  },
  {
    key: 'transfer_no_response_minutes',
    label: 'Transferir por falta de resposta após',
    help: 'Minutos que o atendente tem para responder ao cliente antes de o atendimento passar para outro atendente. 0 desliga a transferência automática.',
    input: { kind: 'number', min: 0, max: 1440, unit: 'minutos' },
    perConnection: true,
    route: 'configs-dynamic-settings',
    dynamic: true,
    defaultValue: '15',
  },
];

export const settingDefinition = (key: string): SettingDefinition | undefined => SETTING_DEFINITIONS.find((d) => d.key === key);

export const settingTexts = {
  unknownKey: 'Configuração desconhecida.',
  notPerConnection: 'Esta configuração vale para a loja toda, não por conexão.',
  booleanInvalid: 'Escolha ligado ou desligado.',
  optionInvalid: 'Escolha uma das opções.',
  numberInvalid: (min: number, max: number) => `Informe um número inteiro de ${min} a ${max}.`,
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
} as const;

/** Why a value cannot be stored under a key, or null when it can (null value = back to the default). */
export function settingValueError(definition: SettingDefinition, value: string): string | null {
  const { input } = definition;
  switch (input.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : settingTexts.booleanInvalid;
    case 'select':
      return input.options.some((o) => o.value === value) ? null : settingTexts.optionInvalid;
    case 'number': {
      const n = Number(value);
      return /^\d+$/.test(value.trim()) && n >= input.min && n <= input.max ? null : settingTexts.numberInvalid(input.min, input.max);
    }
    case 'text':
      return value.length <= input.max ? null : settingTexts.tooLong(input.max);
  }
}

/** The value in force: the connection's row, else the tenant's, else the default. */
export function effectiveSetting(
  rows: ReadonlyArray<{ key: string; instance_id: string | number | null; value: string | null }>,
  key: string,
  instanceId: string | number | null,
): string {
  const own = instanceId === null ? undefined : rows.find((r) => r.key === key && r.instance_id !== null && String(r.instance_id) === String(instanceId));
  const tenant = rows.find((r) => r.key === key && r.instance_id === null);
  return own?.value ?? tenant?.value ?? settingDefinition(key)?.defaultValue ?? '';
}

/** The answer scale's bounds; an unknown stored value reads as 1–5. */
export function npsScaleOf(value: string | null | undefined): { min: number; max: number; label: string } {
  const scale = NPS_SCALES.find((s) => s.value === value) ?? NPS_SCALES[0];
  return { min: scale.min, max: scale.max, label: `${scale.min} a ${scale.max}` };
}

/** A survey grade as the customer types it: one whole number of the scale, alone in the message. */
export function parseSurveyGrade(text: string | null | undefined, scale: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2})\s*[.!]?\s*$/.exec(text ?? '');
  if (!match) return null;
  const grade = Number(match[1]);
  const { min, max } = npsScaleOf(scale);
  return grade >= min && grade <= max ? grade : null;
}
