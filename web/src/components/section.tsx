/** A titled part of a page: an `<h2>` and the region it names. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Text component="h2" id={`${id}-heading`} fw={600} size="lg" mb="sm">{title}</Text>
      {children}
    </section>
  );
}
