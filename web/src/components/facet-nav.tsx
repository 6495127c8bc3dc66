/**
 * A facets panel ("Narrow by"): per dimension, its values with their counts, each a link to the
 * page's URL with that filter set (the page builds the links: a filtered list is a link). The chosen
 * value is marked (`aria-current`) and a "Clear" link beside the dimension's name removes it. A `nav`
 * named by `label`, each dimension a `section` named by its label.
 *
 * `collapsible`: below the `md` breakpoint the panel folds behind a button (closed at first, one
 * line above the results: nothing below moves when the counts arrive); from `md` up it is always
 * open, in its own column beside the results.
 */
import { Anchor, Box, Button, Group, Text, Title, useMantineTheme } from '@mantine/core';
import { useId, useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/** One value of a dimension, as the facets endpoints answer it. */
export interface FacetItem { value: string; label: string; count: number }

/** One dimension of the panel. */
export interface FacetGroup {
  label: string;
  items: FacetItem[];
  /** The chosen values of the dimension: marked, and listed even when beyond `max`. */
  current?: readonly string[];
  /** The page's URL with `value` chosen. */
  hrefOf: (value: string) => string;
  /** The page's URL without this dimension's filter: a "Clear" link while a value is chosen. */
  clearHref?: string;
}

export function FacetNav({ label, groups, nouns, max = 8, collapsible = false, children }: {
  /** The `nav`'s accessible name. */
  label: string;
  groups: FacetGroup[];
  /** What the counts count, one and more (`['project', 'projects']`): each value is read "Europe: 12 projects". */
  nouns: readonly [string, string];
  /** Values shown per dimension (the largest counts first, as the API orders them). */
  max?: number;
  collapsible?: boolean;
  /** Shown above the dimensions (an error notice). */
  children?: ReactNode;
}) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  const bodyId = useId();
  const folded = collapsible && !wide;
  return (
    <nav aria-label={label}>
      {folded ? (
        <Title order={2} size="h4">
          <Button variant="subtle" px={0} aria-expanded={opened} aria-controls={bodyId} onClick={() => setOpened((o) => !o)}>
            Narrow by {opened ? '(hide)' : '(show)'}
          </Button>
        </Title>
      ) : <Title order={2} size="h4">Narrow by</Title>}
      <div id={bodyId} hidden={folded && !opened}>
        {children}
        {groups.map((g) => g.items.length > 0 && (
          <section key={g.label} aria-label={g.label}>
            <Group justify="space-between" mt="sm" gap="xs">
              <Text fw={600} size="sm">{g.label}</Text>
              {g.clearHref && (g.current?.length ?? 0) > 0 && (
                <Anchor component={Link} to={g.clearHref} size="xs" aria-label={`Clear ${g.label.toLowerCase()}`}>Clear</Anchor>
              )}
            </Group>
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {shown(g, max).map((f) => {
                const chosen = g.current?.includes(f.value) ?? false;
                return (
                  <li key={f.value}>
                    <Anchor component={Link} to={g.hrefOf(f.value)} size="sm" fw={chosen ? 700 : undefined} aria-current={chosen ? 'true' : undefined}
                      aria-label={`${f.label}: ${f.count.toLocaleString()} ${f.count === 1 ? nouns[0] : nouns[1]}`}>
                      {chosen && '✓ '}{f.label} ({f.count.toLocaleString()})
                    </Anchor>
                  </li>
                );
              })}
            </Box>
          </section>
        ))}
      </div>
    </nav>
  );
}

/** The first `max` values, and the chosen ones beyond them. */
function shown(g: FacetGroup, max: number): FacetItem[] {
  const first = g.items.slice(0, max);
  return [...first, ...g.items.slice(max).filter((f) => g.current?.includes(f.value))];
}
