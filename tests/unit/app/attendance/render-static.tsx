import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';

/** Renders a component to HTML in Node (no DOM needed) inside the Mantine provider. */
export function renderHtml(element: ReactElement): string {
  return renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, '');
}
