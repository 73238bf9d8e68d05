import type { ModuleResolvers } from '../../graphql/resolver-types';
import { checkInstanceIntegration } from './resolvers/check-instance-integration';
import { createInstance } from './resolvers/create-instance';
import { createWhatsappTemplate } from './resolvers/create-whatsapp-template';
import { deleteInstance } from './resolvers/delete-instance';
import { fileUrl } from './resolvers/file-url';
import { instance } from './resolvers/instance';
import { instanceDepartmentsField } from './resolvers/instance-departments-field';
import { instanceUpdated } from './resolvers/instance-updated';
import { instances } from './resolvers/instances';
import { createMessageTemplate, deleteMessageTemplate, messageTemplates, updateMessageTemplate } from './resolvers/message-templates';
import { restartInstancePlugin } from './resolvers/restart-instance-plugin';
import { retryMessage } from './resolvers/retry-message';
import { sendAudioSelenium } from './resolvers/send-audio-selenium';
import { sendDocumentSelenium } from './resolvers/send-document-selenium';
import { sendImageSelenium } from './resolvers/send-image-selenium';
import { sendStickerSelenium } from './resolvers/send-sticker-selenium';
import { sendTemplateMessage } from './resolvers/send-template-message';
import { updateInstance } from './resolvers/update-instance';
import { updateInstanceIntegration } from './resolvers/update-instance-integration';
import { whatsappTemplates } from './resolvers/whatsapp-templates';

/** Connections, channels and templates (issue 4). */
export const instancesResolvers: ModuleResolvers = {
  Query: { instances, instance, whatsappTemplates, messageTemplates, fileUrl },
  Mutation: {
    createInstance,
    updateInstance,
    updateInstanceIntegration,
    checkInstanceIntegration,
    deleteInstance,
    restartInstancePlugin,
    createWhatsappTemplate,
    createMessageTemplate,
    updateMessageTemplate,
    deleteMessageTemplate,
    sendImageSelenium,
    sendAudioSelenium,
    sendStickerSelenium,
    sendDocumentSelenium,
    sendTemplateMessage,
    retryMessage,
  },
  Subscription: { instanceUpdated },
  types: { Instance: { departments: instanceDepartmentsField } },
};
