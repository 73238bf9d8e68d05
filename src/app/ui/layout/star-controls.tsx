import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { sessionState } from '../../state/session';
import { isStarred, shortList, starredState, toggleStar } from '../../state/starred';
import { Icon } from '../icons';
import { loadStarredPages, saveStarredPage } from './starred-sync';

/** Stars the page on screen, or takes the star away. */
export function StarToggle({ title }: { title: string }) {
  const { pages } = useSnapshot(starredState);
  const url = useLocation({ select: (location) => location.pathname });
  const starred = isStarred(pages, url);
  const label = starred ? 'Remover página dos favoritos' : 'Adicionar página aos favoritos';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={starred ? 'yellow' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={starred}
        onClick={() => {
          toggleStar(url, title);
          const tenant = url.split('/')[1];
          if (tenant) void saveStarredPage(tenant, url, title, !starred);
        }}
      >
        <Icon name="star" filled={starred} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The short list of starred pages (SPEC §9: the first 10). */
export function StarredMenu({ tenant }: { tenant: string }) {
  const { pages } = useSnapshot(starredState);
  const userId = useSnapshot(sessionState).current?.user.id;
  useEffect(() => {
    if (userId) void loadStarredPages(tenant);
  }, [tenant, userId]);
  const list = shortList(pages, tenant);
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Tooltip label="Páginas favoritas">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Páginas favoritas">
            <Icon name="list" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Favoritos</Menu.Label>
        {list.length === 0 ? (
          <Menu.Item disabled>Nenhuma página favorita. Use a estrela para guardar a página atual.</Menu.Item>
        ) : (
          list.map((page) => (
            <Menu.Item key={page.url} component={Link} to={page.url} leftSection={<Icon name="star" size={16} />}>
              {page.title}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
