import { NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { SettingDefinition } from '../../../../shared/domain/setting-keys';

interface Props {
  definition: SettingDefinition;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
}

/** The input a setting's kind calls for (setting-keys.ts), labelled and explained in pt-BR. */
export function SettingInput({ definition, value, onChange, disabled, error }: Props) {
  const common = { label: definition.label, description: definition.help, disabled, error };
  const { input } = definition;
  switch (input.kind) {
    case 'boolean':
      return (
        <Switch
          label={definition.label}
          description={definition.help}
          disabled={disabled}
          error={error}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          size="md"
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={value === '' ? '' : Number(value)}
          onChange={(next) => onChange(next === '' ? '' : String(next))}
          min={input.min}
          max={input.max}
          allowDecimal={false}
          allowNegative={false}
          suffix={` ${input.unit}`}
          maw={260}
        />
      );
    case 'select':
      return <Select {...common} data={input.options.map((o) => ({ ...o }))} value={value} onChange={(next) => onChange(next ?? '')} allowDeselect={false} maw={320} />;
    case 'text':
      return input.multiline ? (
        <Textarea {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={2} maxLength={input.max} />
      ) : (
        <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} maxLength={input.max} />
      );
  }
}
