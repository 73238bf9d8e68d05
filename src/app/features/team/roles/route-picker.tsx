import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { routePickerSections, sectionState, toggleSection } from '../../../../shared/domain/team-forms';
import { t } from '../texts';

const SECTIONS = routePickerSections();

/**
 * Every route of the catalogue (src/shared/domain/routes.ts) by menu section with its pt-BR title,
 * a select-all per section, and the routes open to everyone shown checked and locked. `locked`
 * (administrador) shows everything checked and unchangeable.
 */
export function RoutePicker({ value, onChange, locked }: { value: readonly string[]; onChange: (next: string[]) => void; locked: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {SECTIONS.map((section) => {
        const state = locked ? 'all' : sectionState(value, section);
        return (
          <Fieldset
            key={section.id}
            legend={
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {section.title}
                </Text>
              </Group>
            }
            radius="md"
          >
            <Stack gap={6}>
              {section.routes.length > 1 ? (
                <Checkbox
                  label={t.roles.editor.selectAll(section.title)}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  disabled={locked}
                  onChange={(event) => onChange(toggleSection(value, section, event.currentTarget.checked))}
                  fw={500}
                />
              ) : null}
              {section.routes.map((route) => (
                <Checkbox
                  key={route.name}
                  label={route.title}
                  pl={section.routes.length > 1 ? 'md' : 0}
                  checked={locked || value.includes(route.name)}
                  disabled={locked}
                  onChange={(event) =>
                    onChange(event.currentTarget.checked ? [...value, route.name] : value.filter((name) => name !== route.name))
                  }
                />
              ))}
              {section.always.map((route) => (
                <Checkbox
                  key={route.name}
                  label={`${route.title} (${t.roles.editor.always})`}
                  pl={section.routes.length > 1 ? 'md' : 0}
                  checked
                  disabled
                  readOnly
                />
              ))}
            </Stack>
          </Fieldset>
        );
      })}
    </SimpleGrid>
  );
}
