import type { Database } from '../../db/database';
import { receiveInbound } from '../../modules/messages/inbound';
import { createMemoryPubSub } from '../../pubsub/memory';
import { newSandboxMessageId } from './inbound-request';

interface SeededDemo {
  tenantId: number;
  instanceIds: number[];
}

const MINUTE = 60_000;

/** Customers writing to the demo store over the sandbox, oldest first (minutes ago). */
const CUSTOMER_MESSAGES = [
  { from: '5521998765432', name: 'João Pereira', text: 'Bom dia! Vocês têm a camiseta azul no tamanho M?', minutesAgo: 42 },
  { from: '5511987654321', name: 'Maria Oliveira', text: 'Olá! Meu pedido PED-1001 ainda não chegou.', minutesAgo: 25 },
  { from: '5511987654321', name: 'Maria Oliveira', text: 'Podem verificar, por favor?', minutesAgo: 24 },
  { from: '5531987651234', name: 'Carla Souza', text: 'Qual o horário de funcionamento da loja no sábado?', minutesAgo: 9 },
] as const;

/** Customer groups of the demo store, with the colour tag the ticket rows show; Maria is a VIP. */
const CUSTOMER_GROUPS = [
  { name: 'Clientes VIP', color_tag: '#f59f00', members: ['5511987654321'] },
  { name: 'Atacado', color_tag: '#1c7ed6', members: [] },
  { name: 'Novos clientes', color_tag: '#37b24d', members: [] },
] as const;

/**
 * A few customers and conversations on the demo tenant's sandbox connection, through the inbound
 * path real traffic takes: inbox tickets with unseen messages, waiting for an attendant. Nothing
 * is queued for sending, so seeding never races a test's outbound sender.
 */
export async function seedSandboxConversations(database: Database, demo: SeededDemo): Promise<void> {
  const instanceId = demo.instanceIds[0];
  if (instanceId === undefined) return;
  // Nobody listens yet: clients that connect later pull what the seed wrote.
  const pubsub = createMemoryPubSub();
  try {
    for (const message of CUSTOMER_MESSAGES) {
      await receiveInbound(
        { database, pubsub },
        {
          tenantId: demo.tenantId,
          instanceId,
          from: message.from,
          name: message.name,
          text: message.text,
          providerMessageId: newSandboxMessageId(),
          sentAt: new Date(Date.now() - message.minutesAgo * MINUTE),
        },
      );
    }
  } finally {
    await pubsub.close();
  }
  await database.withTenant(demo.tenantId, async (tx) => {
    for (const group of CUSTOMER_GROUPS) {
      const { id } = await tx
        .insertInto('customer_groups')
        .values({ tenant_id: demo.tenantId, name: group.name, color_tag: group.color_tag })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (group.members.length > 0) {
        await tx
          .updateTable('customers')
          .set({ group_of_customer_id: id })
          .where('tenant_id', '=', demo.tenantId)
          .where('phone_number', 'in', [...group.members])
          .execute();
      }
    }
  });
}
