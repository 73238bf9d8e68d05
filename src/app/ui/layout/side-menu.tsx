import { ActionIcon, Group, Menu, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { VisibleSection } from '../../../shared/domain/permissions';
import { visibleSections } from '../../../shared/domain/permissions';
import type { AppRoute } from '../../../shared/domain/routes';
import { featureState } from '../../state/features';
import { sessionState } from '../../state/session';
import { themeState, toggleMenu } from '../../state/theme';
import { Icon } from '../icons';
import { LogoMark } from '../logo';
import { menuHref } from './menu-links';

interface SideMenuProps {
  tenant: string;
  current: AppRoute | undefined;
  /** The narrow icon rail (desktop, collapsed) instead of the full menu. */
  rail: boolean;
  onNavigate: () => void;
}

/** The vertical menu: the sections and pages this role may open (SPEC §2, §6). */
export function SideMenu({ tenant, current, rail, onNavigate }: SideMenuProps) {
  const { current: session } = useSnapshot(sessionState);
  const { menuCollapsed } = useSnapshot(themeState);
  const { flags } = useSnapshot(featureState);
  const sections = visibleSections(session?.user.role, flags);
  const toggleLabel = menuCollapsed ? 'Expandir menu' : 'Recolher menu';
  return (
    <Stack gap={0} h="100%">
      <Group h={68} px="md" justify={rail ? 'center' : 'flex-start'} gap="xs" wrap="nowrap">
        <LogoMark size={30} />
        {rail ? null : (
          <Text fw={700} fz="lg">
            PedBot
          </Text>
        )}
      </Group>
      <ScrollArea flex={1} px={rail ? 'xs' : 'sm'} pb="md">
        <div>
          {rail ? (
            <Stack gap={4} align="center">
              {sections.map((section) => (
                <RailSection key={section.id} tenant={tenant} section={section} current={current} />
              ))}
            </Stack>
          ) : (
            sections.map((section) => (
              <NavLink
                key={section.id}
                label={section.title}
                leftSection={<Icon name={section.id} />}
                defaultOpened={section.id === current?.section}
                active={section.id === current?.section}
                variant="subtle"
                childrenOffset={32}
              >
                {section.routes.map((route) => (
                  <NavLink
                    key={route.name}
                    component={Link}
                    to={menuHref(tenant, route)}
                    label={route.title}
                    active={route.name === current?.name}
                    aria-current={route.name === current?.name ? 'page' : undefined}
                    onClick={onNavigate}
                  />
                ))}
              </NavLink>
            ))
          )}
        </div>
      </ScrollArea>
      <Group p="sm" justify={rail ? 'center' : 'flex-end'} visibleFrom="md">
        <Tooltip label={toggleLabel} position="right">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={toggleLabel} onClick={toggleMenu}>
            <Icon name={menuCollapsed ? 'expand' : 'collapse'} size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

/** 40 px icons 4 px apart: all 13 sections, the logo and the toggle fit a 768 px tablet screen. */
function RailSection({ tenant, section, current }: { tenant: string; section: VisibleSection; current: AppRoute | undefined }) {
  const active = section.id === current?.section;
  return (
    <Menu position="right-start" offset={12} shadow="md" width={240}>
      <Menu.Target>
        <Tooltip label={section.title} position="right">
          <ActionIcon size={40} variant={active ? 'light' : 'subtle'} color={active ? 'blue' : 'gray'} aria-label={section.title}>
            <Icon name={section.id} size={22} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{section.title}</Menu.Label>
        {section.routes.map((route) => (
          <Menu.Item
            key={route.name}
            component={Link}
            to={menuHref(tenant, route)}
            aria-current={route.name === current?.name ? 'page' : undefined}
          >
            {route.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
