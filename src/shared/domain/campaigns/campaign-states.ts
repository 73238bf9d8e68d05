/**
 * Campaign and recipient states (issue 15 §4) with their pt-BR labels, and the customer words
 * that stop campaigns. The server stores the keys; screens show the labels.
 */
export const CAMPAIGN_STATUSES = ['rascunho', 'agendada', 'enviando', 'pausada', 'concluida', 'cancelada'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  rascunho: 'Rascunho',
  agendada: 'Agendada',
  enviando: 'Enviando',
  pausada: 'Pausada',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};

export const RECIPIENT_STATES = ['queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'canceled'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const RECIPIENT_STATE_LABELS: Readonly<Record<RecipientState, string>> = {
  queued: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  replied: 'Respondeu',
  failed: 'Falhou',
  canceled: 'Cancelada',
};

/** A campaign whose audience and message may still change. */
export const isEditableCampaign = (status: string): boolean => status === 'rascunho' || status === 'agendada';

/** A campaign still to finish: its recipients may yet receive. */
export const isActiveCampaign = (status: string): boolean => status === 'agendada' || status === 'enviando' || status === 'pausada';

/** Words with which a customer asks for no more campaigns (a reply that is only the word). */
export const OPT_OUT_KEYWORDS = ['SAIR', 'PARAR'] as const;

export function isOptOutReply(text: string | null | undefined): boolean {
  if (!text) return false;
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word);
}

/** Meta's codes that must not be retried for a campaign (fixtures/cloud-api/README.md). */
export const NOT_RETRIED_CODES = ['131049', '131050'] as const;
/** 131050: the customer stopped marketing messages; blocks further campaigns. */
export const OPTED_OUT_CODE = '131050';

/** The provider's code in a failure text ('(#131050) ...'), or null. */
export function failureCodeOf(reason: string | null | undefined): string | null {
  const match = /(13\d{4})/.exec(reason ?? '');
  return match ? match[1]! : null;
}

/** PedBot's own failure codes, with the reason shown. */
export const CAMPAIGN_FAILURES = {
  opted_out: 'O contato pediu para não receber campanhas.',
  blocked: 'Número bloqueado para campanhas.',
  flow_not_started: 'O fluxo da campanha não pôde ser iniciado (fluxo sem versão publicada ou atendimento encerrado).',
} as const;
export type CampaignFailureCode = keyof typeof CAMPAIGN_FAILURES;

/**
 * SPEC §9: the creation screen's loading text varies with the number of contacts.
 */
export function campaignLoadingText(contacts: number): string {
  if (contacts <= 0) return 'Criando a campanha...';
  if (contacts <= 500) return `Criando a campanha para ${contacts} contatos...`;
  if (contacts <= 5000) return `Preparando ${contacts.toLocaleString('pt-BR')} contatos, isso pode levar alguns segundos...`;
  return `Preparando ${contacts.toLocaleString('pt-BR')} contatos, isso pode levar até um minuto. Não feche esta página.`;
}
