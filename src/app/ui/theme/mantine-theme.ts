import { Notification, createTheme } from '@mantine/core';

/** SPEC §9: primary colour blue; breakpoints sm ≥ 576, md ≥ 768, lg ≥ 992, xl ≥ 1200 (xs below sm). */
export const mantineTheme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: { xs: '0em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
  // Every control has a pt-BR name, also the close button Mantine draws on notifications.
  components: {
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } }),
  },
});
