import { Button, Group, NumberInput, Select, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ANSWER_KINDS, CONTACT_FIELDS } from '../../../../shared/domain/flows/flow-schema';
import { ANSWER_LABELS, CONTACT_FIELD_LABELS, NODE_LABELS, flowTexts } from '../texts';
import type { CanvasNode } from './flow-graph';

export interface PickerOption {
  value: string;
  label: string;
}

export interface EditorChoices {
  departments: PickerOption[];
  users: PickerOption[];
  categories: PickerOption[];
}

interface Props {
  node: CanvasNode;
  choices: EditorChoices;
  onChange: (data: Record<string, unknown>) => void;
  onRemove: () => void;
}

type Rule = { source: string; key?: string | null; op: string; value?: string | null };

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

const RULE_SOURCES = [
  { value: 'variable', label: 'Variável do fluxo' },
  { value: 'contact', label: 'Campo do contato' },
  { value: 'business_hours', label: 'Horário de funcionamento' },
  { value: 'weekday', label: 'Dia da semana (0 = domingo)' },
  { value: 'time', label: 'Hora do dia' },
];
const RULE_OPS = [
  { value: 'eq', label: 'é igual a' },
  { value: 'neq', label: 'é diferente de' },
  { value: 'contains', label: 'contém' },
  { value: 'gt', label: 'é maior que' },
  { value: 'lt', label: 'é menor que' },
  { value: 'empty', label: 'está vazio' },
  { value: 'not_empty', label: 'está preenchido' },
  { value: 'open', label: 'loja aberta' },
  { value: 'closed', label: 'loja fechada' },
  { value: 'in', label: 'está na lista (1,2,3)' },
  { value: 'between', label: 'entre (08:00-18:00)' },
];

/** The selected block's fields, edited in place; each change is one undo step. */
export function NodeEditor({ node, choices, onChange, onRemove }: Props) {
  const data = node.data;
  const set = (patch: Record<string, unknown>) => onChange({ ...data, ...patch });
  return (
    <Stack gap="sm" aria-label={flowTexts.builder.editor}>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {NODE_LABELS[node.type]} <Text span c="dimmed" size="sm">({node.id})</Text>
        </Title>
        {node.type !== 'start' && (
          <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
            {flowTexts.builder.removeBlock}
          </Button>
        )}
      </Group>
      {node.type === 'start' && (
        <Select label="Início" data={[{ value: 'message', label: 'Mensagem do cliente' }, { value: 'manual', label: 'Iniciado por um atendente' }]} value={str(data.trigger) || 'message'} onChange={(v) => set({ trigger: v ?? 'message' })} allowDeselect={false} />
      )}
      {node.type === 'message' && (
        <>
          <Textarea label="Mensagem" description="*negrito*, _itálico_, ~riscado~; {{contact.name}} ou {{variavel}}" autosize minRows={3} value={str(data.text)} onChange={(e) => set({ text: e.currentTarget.value })} />
          <TextInput label="Imagem (endereço, opcional)" value={str(data.media_url)} onChange={(e) => set({ media_url: e.currentTarget.value || null })} />
          <TagsInput label="Botões (até 3)" maxTags={3} value={list(data.buttons)} onChange={(buttons) => set({ buttons })} />
          <TagsInput label="Lista (até 10 itens, numerados abaixo do texto)" maxTags={10} value={list(data.list)} onChange={(items) => set({ list: items })} />
        </>
      )}
      {node.type === 'template' && (
        <>
          <TextInput label="Nome do modelo" description="Como aprovado na Meta, por exemplo boas_vindas. Fora da janela de 24 horas só um modelo pode iniciar a conversa." value={str(data.name)} onChange={(e) => set({ name: e.currentTarget.value })} />
          <TextInput label="Idioma do modelo" value={str(data.language) || 'pt_BR'} onChange={(e) => set({ language: e.currentTarget.value })} />
          <TagsInput label="Parâmetros do corpo ({{1}}, {{2}}…)" description="Na ordem; aceitam {{contact.name}} e variáveis." maxTags={10} value={list(data.parameters)} onChange={(parameters) => set({ parameters })} />
        </>
      )}
      {node.type === 'ask' && (
        <>
          <Textarea label="Pergunta" autosize minRows={2} value={str(data.question)} onChange={(e) => set({ question: e.currentTarget.value })} />
          <Select label="Tipo de resposta" data={ANSWER_KINDS.map((value) => ({ value, label: ANSWER_LABELS[value] }))} value={str(data.answer) || 'text'} onChange={(v) => set({ answer: v ?? 'text' })} allowDeselect={false} />
          {data.answer === 'option' && <TagsInput label="Opções (numeradas na ordem)" value={list(data.options)} onChange={(options) => set({ options })} maxTags={10} />}
          <Select
            label="Guardar a resposta em"
            clearable
            data={[
              ...CONTACT_FIELDS.map((key) => ({ value: `contact:${key}`, label: `Contato: ${CONTACT_FIELD_LABELS[key]}` })),
              { value: 'variable', label: 'Variável do fluxo' },
            ]}
            value={saveValue(data.save_to)}
            onChange={(v) => set({ save_to: v === null ? null : v === 'variable' ? { scope: 'variable', key: variableKey(data.save_to) } : { scope: 'contact', key: v.slice('contact:'.length) } })}
          />
          {saveValue(data.save_to) === 'variable' && (
            <TextInput label="Nome da variável" value={variableKey(data.save_to)} onChange={(e) => set({ save_to: { scope: 'variable', key: e.currentTarget.value } })} />
          )}
          <NumberInput label="Perguntar de novo até (vezes)" min={0} max={5} value={Number(data.retries ?? 2)} onChange={(v) => set({ retries: Number(v) || 0 })} />
          <Textarea label="Mensagem para resposta inválida (opcional)" autosize value={str(data.retry_message)} onChange={(e) => set({ retry_message: e.currentTarget.value || null })} />
        </>
      )}
      {node.type === 'condition' && <ConditionEditor data={data} set={set} />}
      {node.type === 'transfer' && (
        <>
          <Select label="Departamento" clearable searchable data={choices.departments} value={str(data.department_id) || null} onChange={(v) => set({ department_id: v })} />
          <Select label="Ou um atendente" clearable searchable data={choices.users} value={str(data.user_id) || null} onChange={(v) => set({ user_id: v })} />
        </>
      )}
      {node.type === 'http' && (
        <>
          <Select label="Método" data={['GET', 'POST']} value={str(data.method) || 'GET'} onChange={(v) => set({ method: v ?? 'GET' })} allowDeselect={false} />
          <TextInput label="Endereço" description="Endereços internos ou privados são recusados pelo servidor." value={str(data.url)} onChange={(e) => set({ url: e.currentTarget.value })} />
          {data.method === 'POST' && <Textarea label="Corpo (JSON)" autosize value={str(data.body)} onChange={(e) => set({ body: e.currentTarget.value || null })} />}
          <NumberInput label="Tempo limite (ms)" min={100} max={15000} step={500} value={Number(data.timeout_ms ?? 5000)} onChange={(v) => set({ timeout_ms: Number(v) || 5000 })} />
          <TagsInput
            label="Guardar campos da resposta"
            description="caminho=variavel, por exemplo pedido.status=status"
            value={(Array.isArray(data.map) ? (data.map as Array<{ path: string; variable: string }>) : []).map((m) => `${m.path}=${m.variable}`)}
            onChange={(items) => set({ map: items.flatMap((item) => { const [path, variable] = item.split('='); return path && variable ? [{ path: path.trim(), variable: variable.trim() }] : []; }) })}
          />
        </>
      )}
      {node.type === 'wait' && <NumberInput label="Aguardar (segundos)" min={1} max={604800} value={Number(data.seconds ?? 60)} onChange={(v) => set({ seconds: Number(v) || 1 })} />}
      {node.type === 'category' && <Select label="Categoria" searchable data={choices.categories} value={str(data.category_id) || null} onChange={(v) => set({ category_id: v ?? '' })} />}
      {node.type === 'end' && (
        <Textarea label="Mensagem de encerramento (opcional)" autosize minRows={2} value={str(data.closing_message)} onChange={(e) => set({ closing_message: e.currentTarget.value || null })} />
      )}
    </Stack>
  );
}

function saveValue(saveTo: unknown): string | null {
  const target = saveTo as { scope?: string; key?: string } | null | undefined;
  if (!target?.scope) return null;
  return target.scope === 'variable' ? 'variable' : `contact:${target.key ?? ''}`;
}

const variableKey = (saveTo: unknown): string => {
  const target = saveTo as { scope?: string; key?: string } | null | undefined;
  return target?.scope === 'variable' ? (target.key ?? '') : '';
};

function ConditionEditor({ data, set }: { data: Record<string, unknown>; set: (patch: Record<string, unknown>) => void }) {
  const rules = (Array.isArray(data.rules) ? data.rules : []) as Rule[];
  const update = (index: number, patch: Partial<Rule>) => set({ rules: rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });
  return (
    <Stack gap="xs">
      <Select label="Seguir por “sim” quando" data={[{ value: 'all', label: 'todas as regras valem' }, { value: 'any', label: 'alguma regra vale' }]} value={str(data.match) || 'all'} onChange={(v) => set({ match: v ?? 'all' })} allowDeselect={false} />
      {rules.map((rule, index) => (
        <Stack key={index} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
          <Select size="xs" label={`Regra ${index + 1}`} data={RULE_SOURCES} value={rule.source} onChange={(v) => update(index, { source: v ?? 'variable' })} allowDeselect={false} />
          {(rule.source === 'variable' || rule.source === 'contact') && <TextInput size="xs" label="Nome" value={rule.key ?? ''} onChange={(e) => update(index, { key: e.currentTarget.value })} />}
          <Select size="xs" label="Comparação" data={RULE_OPS} value={rule.op} onChange={(v) => update(index, { op: v ?? 'eq' })} allowDeselect={false} />
          {!['empty', 'not_empty', 'open', 'closed'].includes(rule.op) && <TextInput size="xs" label="Valor" value={rule.value ?? ''} onChange={(e) => update(index, { value: e.currentTarget.value })} />}
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => set({ rules: rules.filter((_, i) => i !== index) })}>
            Remover regra
          </Button>
        </Stack>
      ))}
      <Button size="xs" variant="light" onClick={() => set({ rules: [...rules, { source: 'variable', key: '', op: 'eq', value: '' }] })}>
        Adicionar regra
      </Button>
    </Stack>
  );
}
