/** The actions the audit log records (dashboard/security-report), with their pt-BR labels. */
export const AUDIT_ACTIONS = {
  sign_in: 'Entrada',
  sign_in_failed: 'Falha de entrada',
  locked: 'Conta bloqueada',
  unblocked: 'Conta desbloqueada',
  sign_out: 'Saída',
  user_disconnected: 'Usuário desconectado',
  password_changed: 'Senha alterada',
  password_reset: 'Senha redefinida',
  two_factor_enabled: 'Dois fatores ativado',
  two_factor_disabled: 'Dois fatores desativado',
  user_created: 'Usuário criado',
  user_changed: 'Usuário alterado',
  user_deleted: 'Usuário excluído',
  role_created: 'Perfil criado',
  role_changed: 'Perfil alterado',
  role_deleted: 'Perfil excluído',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

export const auditActionLabel = (action: string): string => (isAuditAction(action) ? AUDIT_ACTIONS[action] : action);
