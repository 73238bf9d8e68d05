import { GraphQLError } from 'graphql';
import { brazilPhoneVariants, normalizePhone } from '../../../shared/domain/phone';
import { channelTexts } from '../../../shared/i18n/pt-BR';
import { channelInstanceIn } from '../../channels/instance-store';
import { isWithinServiceWindow, lastCustomerMessageAt } from '../../channels/service-window';
import type { RequestContext } from '../../graphql/context';
import { instanceNotFound } from './instance-service';

/**
 * SPEC-free but WhatsApp's rule: outside the 24-hour customer-service window a Cloud API number may
 * send approved templates only. Free-form sends are refused here, before anything is stored, with
 * code OUTSIDE_SERVICE_WINDOW so the composer can offer templates.
 */
export async function assertServiceWindowOpen(context: RequestContext, instanceId: number, toNumber: string): Promise<void> {
  const tenantId = context.tenant.id;
  const open = await context.database.withTenant(tenantId, async (tx) => {
    const instance = await channelInstanceIn(tx, tenantId, instanceId);
    if (!instance) throw instanceNotFound();
    if (instance.channel !== 'cloud-api') return true;
    return isWithinServiceWindow(await lastCustomerMessageAt(tx, tenantId, instanceId, brazilPhoneVariants(normalizePhone(toNumber))));
  });
  if (!open) {
    throw new GraphQLError(channelTexts.outsideServiceWindow, {
      extensions: { code: 'OUTSIDE_SERVICE_WINDOW', detail: channelTexts.outsideServiceWindow },
    });
  }
}
