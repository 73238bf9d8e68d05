import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AppRoute } from '../../../shared/domain/routes';
import { SECTIONS } from '../../../shared/domain/routes';
import { homeHref } from './menu-links';

/** SPEC §2: Home, section, page. */
export function AppBreadcrumbs({ tenant, current }: { tenant: string; current: AppRoute | undefined }) {
  const section = SECTIONS.find((item) => item.id === current?.section);
  return (
    <nav aria-label="Trilha de navegação" style={{ minWidth: 0 }}>
      <Breadcrumbs separator="/" separatorMargin={6} styles={{ root: { flexWrap: 'nowrap' } }}>
        <Anchor component={Link} to={homeHref(tenant)} fz="sm">
          Início
        </Anchor>
        {section ? (
          <Text fz="sm" c="dimmed" truncate>
            {section.title}
          </Text>
        ) : null}
        {current ? (
          <Text fz="sm" fw={600} aria-current="page" truncate>
            {current.title}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}
