import type { TransferCause } from './transfer-notices';

interface Names {
  customer: string;
  next: string;
  previous: string;
  trigger: string;
}

/**
 * The transfer notices of SPEC §4: the two titles are the spec's; the three causes (a user's direct
 * transfer, lack of response, the attendant removed) each have their own text.
 */
export const transferNoticeTexts = {
  receivedTitle: 'Atendimento Recebido',
  transferredTitle: 'Atendimento Transferido',
  received: {
    direct: (n: Names) => `${n.trigger} transferiu para você o atendimento de ${n.customer}.`,
    no_response: (n: Names) =>
      n.previous
        ? `O atendimento de ${n.customer} foi transferido para você por falta de resposta de ${n.previous}.`
        : `O atendimento de ${n.customer} foi transferido para você por falta de resposta.`,
    attendant_removed: (n: Names) =>
      n.previous
        ? `O atendimento de ${n.customer} foi transferido para você porque ${n.previous} foi removido(a) do atendimento.`
        : `O atendimento de ${n.customer} foi transferido para você porque o atendente foi removido.`,
  } satisfies Record<TransferCause, (n: Names) => string>,
  transferred: {
    direct: (n: Names) => `${n.trigger} transferiu o atendimento de ${n.customer} para ${n.next}.`,
    no_response: (n: Names) => `O atendimento de ${n.customer} foi transferido para ${n.next} por falta de resposta.`,
    attendant_removed: (n: Names) =>
      n.next
        ? `O atendimento de ${n.customer} foi transferido para ${n.next} porque o atendente foi removido.`
        : `O atendimento de ${n.customer} voltou para a fila do departamento porque ${n.previous || 'o atendente'} foi removido(a).`,
  } satisfies Record<TransferCause, (n: Names) => string>,
  /** The attendant who confirmed the transfer themselves (no server event is meant for them). */
  byMe: (customer: string, next: string) => `Você transferiu o atendimento de ${customer} para ${next}.`,
} as const;
