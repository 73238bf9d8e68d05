import { formatTime } from '../../shared/domain/datetime';

/** User-facing texts of the data module (pt-BR); screens show them as they are. */
export const syncTexts = {
  online: 'Online',
  syncing: 'Sincronizando…',
  /** The first sync of a fresh database (after sign-in): how much history is stored so far. */
  initialSync: (received: number) => `Baixando histórico: ${received.toLocaleString('pt-BR')} itens`,
  offlineSince: (at: number) => `Offline desde ${formatTime(at)}`,
  otherTab: 'Sincronizado por outra aba',
  storageAlmostFullTitle: 'Armazenamento quase cheio',
  storageAlmostFullMessage: (percent: number) =>
    `O PedBot já usa ${percent}% do espaço que o navegador reservou para ele. Libere espaço no navegador para continuar trabalhando sem conexão.`,
  storageNotPersistentTitle: 'Armazenamento pode ser apagado',
  storageNotPersistentMessage:
    'O navegador não garantiu o armazenamento permanente: conversas guardadas para uso sem conexão podem ser apagadas se faltar espaço.',
} as const;

/** Message states (SPEC §4): the labels match ACK_LABELS of src/shared/domain/messages.ts. */
export const messageStateTexts = {
  waiting: 'aguardando conexão',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
  retry: 'Tentar novamente',
} as const;
