/** Providers of every page: the component library's theme, notifications and the server-state cache. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  Alert, Badge, createTheme, defaultVariantColorsResolver, MantineProvider, Notification, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

/** Light (tinted) variants with the darkest shade of their colour as text: 4.5:1 on the tint. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor && parsed.color ? { ...colors, color: `var(--mantine-color-${parsed.color}-9)`, hoverColor: `var(--mantine-color-${parsed.color}-9)` } : colors;
};

const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  // Dialogs, menus and notifications appear without animation for people who ask the system for
  // reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  // Darker shades than the defaults so that text on filled buttons and links keeps a 4.5:1 contrast.
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Badges are light-tinted: dark text keeps them readable (4.5:1) whatever their colour.
    Badge: Badge.extend({ styles: { root: { color: 'var(--mantine-color-dark-8)' } } }),
    // Alerts likewise: a tinted box with dark text (their titles say what they are).
    Alert: Alert.extend({ vars: () => ({ root: { '--alert-color': 'var(--mantine-color-dark-8)' } }) }),
    // Every notification's close button has a name.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

/** Dimmed text (descriptions, placeholders) one shade darker than the default: 4.5:1 on white; field errors (message and value) in red 9, 5.7:1 (red 6 is 3.3:1). */
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={resolver}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
