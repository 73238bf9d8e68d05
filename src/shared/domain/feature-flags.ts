import { FEATURES, type FeatureName } from './routes';

/**
 * The tenant's feature flags (SPEC §3 Feature, §6) as configs/dynamic-settings shows them: each
 * with a pt-BR label and what turning it off does. A flag with no row counts as on.
 */
export interface FeatureDefinition {
  name: FeatureName;
  label: string;
  help: string;
}

export const FEATURE_DEFINITIONS: readonly FeatureDefinition[] = [
  {
    name: FEATURES.campaigns,
    label: 'Campanhas',
    help: 'Envio de mensagens em massa. Desligado, as telas de campanhas saem do menu de todos.',
  },
  {
    name: FEATURES.chatFlows,
    label: 'Fluxos de conversa',
    help: 'Robôs que respondem e encaminham os clientes. Desligado, as telas de fluxos saem do menu de todos.',
  },
  {
    name: FEATURES.orders,
    label: 'Pedidos',
    help: 'Produtos, pedidos, serviços e integrações com o ERP. Desligado, a seção Pedidos sai do menu de todos.',
  },
  {
    name: FEATURES.npsResearch,
    label: 'Pesquisa de satisfação',
    help: 'Desligado, nenhuma pesquisa é enviada ao finalizar um atendimento e as telas da pesquisa saem do menu.',
  },
];

export const featureTexts = { unknownFeature: 'Recurso desconhecido.' } as const;

export const featureDefinition = (name: string): FeatureDefinition | undefined => FEATURE_DEFINITIONS.find((d) => d.name === name);
