import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkFlow } from '../../../../shared/domain/flows/flow-check';
import { advanceFlow, isSessionOver, type FlowEffect, type FlowInput, type FlowSessionState } from '../../../../shared/domain/flows/flow-run';
import type { FlowDefinition } from '../../../../shared/domain/flows/flow-schema';
import { CONTACT_FIELD_LABELS, flowTexts } from '../texts';
import type { EditorChoices } from './node-editor';

interface Line {
  from: 'bot' | 'customer' | 'system';
  text: string;
}

const t = flowTexts.test;

/** The clock of the person testing, as the server computes the store's (America/Sao_Paulo). */
function clockNow() {
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' }));
  return { weekday: local.getDay(), minutes: local.getHours() * 60 + local.getMinutes(), storeOpen: true };
}

/**
 * Runs the flow as a customer would, with the same interpreter the server runs (so what the
 * panel shows is what a customer gets), offline and without sending anything: waits can be
 * skipped and HTTP answers simulated.
 */
export function TestPanel({ definition, choices, onStep }: { definition: FlowDefinition; choices: EditorChoices; onStep: (nodeId: string | null) => void }) {
  const [state, setState] = useState<FlowSessionState | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [answer, setAnswer] = useState('');
  const [contact, setContact] = useState<Record<string, string>>({ name: 'Cliente de teste' });
  const problems = checkFlow(definition);

  const nameOf = (options: EditorChoices[keyof EditorChoices], id: string | null) => options.find((o) => o.value === id)?.label ?? id ?? '';
  const describe = (effect: FlowEffect): Line | null => {
    switch (effect.kind) {
      case 'send':
        return { from: 'bot', text: effect.text };
      case 'template':
        return { from: 'bot', text: t.template(effect.name, effect.parameters) };
      case 'transfer':
        return { from: 'system', text: t.transferred(effect.user_id ? nameOf(choices.users, effect.user_id) : nameOf(choices.departments, effect.department_id)) };
      case 'hand_over':
        return { from: 'system', text: t.handedOver };
      case 'end':
        return { from: 'system', text: effect.closing_message ? `${effect.closing_message}\n— ${t.ended}` : t.ended };
      case 'add_category':
        return { from: 'system', text: t.category(nameOf(choices.categories, effect.category_id)) };
      case 'save_contact':
        return { from: 'system', text: t.saved(CONTACT_FIELD_LABELS[effect.field], effect.value) };
      case 'http':
        return { from: 'system', text: t.http(effect.method, effect.url) };
      case 'wait':
        return null;
    }
  };

  const run = (current: FlowSessionState | null, input: FlowInput, extra: Line[] = []) => {
    const step = advanceFlow(definition, current, input, { contact, clock: clockNow() });
    for (const effect of step.effects) {
      if (effect.kind === 'save_contact') setContact((c) => ({ ...c, [effect.field]: effect.value }));
    }
    setLines((previous) => [...previous, ...extra, ...step.effects.flatMap((effect) => describe(effect) ?? [])]);
    setState(step.state);
    onStep(step.state.node_id);
  };

  const restart = () => {
    setLines([]);
    setContact({ name: 'Cliente de teste' });
    run(null, { kind: 'start' });
  };

  const send = () => {
    if (!state || !answer.trim()) return;
    run(state, { kind: 'answer', text: answer }, [{ from: 'customer', text: answer }]);
    setAnswer('');
  };

  const waitSeconds = state?.status === 'waiting_timer' ? Number(definition.nodes.find((n) => n.id === state.node_id)?.data && (definition.nodes.find((n) => n.id === state.node_id)?.data as { seconds?: number }).seconds) : 0;

  return (
    <Stack gap="sm" aria-label={t.title}>
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      {problems.length > 0 && (
        <Alert color="orange" variant="light" title={flowTexts.builder.problems}>
          {problems.map((p) => p.message).join(' ')}
        </Alert>
      )}
      <Button onClick={restart} disabled={problems.length > 0}>
        {state ? t.restart : t.start}
      </Button>
      <ScrollArea.Autosize mah={360} type="auto">
        <Stack gap={6} role="log" aria-label="Conversa de teste">
          {lines.map((line, index) => (
            <Group key={index} justify={line.from === 'customer' ? 'flex-end' : 'flex-start'}>
              <Paper
                p="xs"
                radius="md"
                maw="85%"
                bg={line.from === 'customer' ? 'var(--mantine-color-green-light)' : line.from === 'bot' ? 'var(--mantine-color-default)' : 'transparent'}
                withBorder={line.from !== 'system'}
              >
                <Text size="sm" c={line.from === 'system' ? 'dimmed' : undefined} fs={line.from === 'system' ? 'italic' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
                  {line.text}
                </Text>
              </Paper>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {state?.status === 'waiting_timer' && (
        <Button variant="light" onClick={() => run(state, { kind: 'timer' })}>
          {t.skipWait(waitSeconds)}
        </Button>
      )}
      {state?.status === 'waiting_http' && (
        <Group grow>
          <Button variant="light" onClick={() => run(state, { kind: 'http', ok: true, body: {} })}>
            {t.httpOk}
          </Button>
          <Button variant="light" color="red" onClick={() => run(state, { kind: 'http', ok: false, body: null })}>
            {t.httpError}
          </Button>
        </Group>
      )}
      {state && !isSessionOver(state) && state.status === 'waiting_answer' && (
        <Group gap="xs" wrap="nowrap" component="form" onSubmit={(e) => { e.preventDefault(); send(); }}>
          <TextInput flex={1} aria-label={t.answer} placeholder={t.answer} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} />
          <Button type="submit">{t.send}</Button>
        </Group>
      )}
    </Stack>
  );
}
