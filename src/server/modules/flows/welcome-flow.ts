import type { FlowDefinition } from '../../../shared/domain/flows/flow-schema';
import type { Database } from '../../db/database';
import { publishFlow } from './flow-store';

export const WELCOME_FLOW_NAME = 'Boas-vindas';

/**
 * The demo's passive flow (issue 16): greets, offers "1 - Vendas" and "2 - Suporte", and puts the
 * ticket in that department's queue; an answer it cannot read twice goes to a person anyway.
 */
export function welcomeFlow(departments: { sales: number; support: number }): FlowDefinition {
  return {
    nodes: [
      { id: 'inicio', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'message' } },
      { id: 'saudacao', type: 'message', position: { x: 0, y: 120 }, data: { text: 'Olá! Bem-vindo à *Loja Demo*.', buttons: [] } },
      {
        id: 'menu',
        type: 'ask',
        position: { x: 0, y: 240 },
        data: { question: 'Com quem você quer falar? Responda com o número.', answer: 'option', options: ['Vendas', 'Suporte'], retries: 1, save_to: { scope: 'variable', key: 'setor' } },
      },
      { id: 'vendas', type: 'transfer', position: { x: -180, y: 380 }, data: { department_id: String(departments.sales) } },
      { id: 'suporte', type: 'transfer', position: { x: 180, y: 380 }, data: { department_id: String(departments.support) } },
    ],
    edges: [
      { id: 'e1', source: 'inicio', target: 'saudacao', sourceHandle: 'next' },
      { id: 'e2', source: 'saudacao', target: 'menu', sourceHandle: 'next' },
      { id: 'e3', source: 'menu', target: 'vendas', sourceHandle: 'option-0' },
      { id: 'e4', source: 'menu', target: 'suporte', sourceHandle: 'option-1' },
    ],
  };
}

/** Creates and publishes the welcome flow and makes it the connection's passive flow. */
export async function seedWelcomeFlow(database: Database, tenantId: number, instanceId: number, adminId: number): Promise<void> {
  await database.withTenant(tenantId, async (tx) => {
    const departments = await tx.selectFrom('user_departments').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
    const idOf = (name: string) => departments.find((d) => d.name === name)?.id;
    const sales = idOf('Vendas');
    const support = idOf('Suporte');
    if (sales === undefined || support === undefined) throw new Error('seed: the welcome flow needs the Vendas and Suporte departments');
    const flow = await tx
      .insertInto('chat_flows')
      .values({ tenant_id: tenantId, name: WELCOME_FLOW_NAME, kind: 'passive', draft: JSON.stringify(welcomeFlow({ sales, support })), created_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const problems = await publishFlow(tx, tenantId, flow.id, adminId);
    if (problems.length > 0) throw new Error(`seed: the welcome flow does not run: ${problems.map((p) => p.message).join('; ')}`);
    await tx.updateTable('instances').set({ passive_flow_id: flow.id }).where('tenant_id', '=', tenantId).where('id', '=', instanceId).execute();
  });
}
