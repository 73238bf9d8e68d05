/** Meta message template statuses (SPEC §9) with their pt-BR labels and badge colours. */

export type TemplateStatus = 'APPROVED' | 'REJECTED' | 'PAUSED' | 'PENDING' | 'SUBMITTED';

export type TemplateStatusColor = 'green' | 'red' | 'yellow' | 'gray';

export const TEMPLATE_STATUS_LABELS: Readonly<Record<TemplateStatus, string>> = {
  APPROVED: 'Aprovado',
  REJECTED: 'Rejeitado',
  PAUSED: 'Pausado',
  PENDING: 'Pendente',
  SUBMITTED: 'Pendente',
};

const COLORS: Readonly<Record<TemplateStatus, TemplateStatusColor>> = {
  APPROVED: 'green',
  REJECTED: 'red',
  PAUSED: 'yellow',
  PENDING: 'gray',
  SUBMITTED: 'gray',
};

const known = (status: string | null | undefined): TemplateStatus | null => {
  const key = (status ?? '').trim().toUpperCase();
  return Object.hasOwn(TEMPLATE_STATUS_LABELS, key) ? (key as TemplateStatus) : null;
};

/** Unknown statuses (Meta also has DISABLED, IN_APPEAL...) are shown as they came. */
export function templateStatusLabel(status: string | null | undefined): string {
  const key = known(status);
  return key ? TEMPLATE_STATUS_LABELS[key] : (status ?? '');
}

export function templateStatusColor(status: string | null | undefined): TemplateStatusColor {
  const key = known(status);
  return key ? COLORS[key] : 'gray';
}

/** Meta accepts edits only of APPROVED, REJECTED or PAUSED templates (fixtures/cloud-api/README.md). */
export function isTemplateEditable(status: string | null | undefined): boolean {
  const key = known(status);
  return key === 'APPROVED' || key === 'REJECTED' || key === 'PAUSED';
}
