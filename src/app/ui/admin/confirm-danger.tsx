import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmDangerOptions {
  title: string;
  /** What will happen, in the user's words ("Carla perde o acesso e os atendimentos voltam para a fila"). */
  message: ReactNode;
  /** The verb of the red button, e.g. 'Excluir'. */
  confirmLabel: string;
  cancelLabel?: string;
}

/**
 * Asks before a destructive action (DESIGN §5a) with a red confirm button; resolves true when
 * confirmed, false when cancelled or closed (Esc, click outside).
 *
 *   if (await confirmDanger({ title: 'Excluir usuário', message: `Excluir ${user.name}?`, confirmLabel: 'Excluir' })) remove.mutate({ id: user.id });
 */
export function confirmDanger(options: ConfirmDangerOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      children: typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel ?? 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
