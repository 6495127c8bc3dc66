/**
 * The page's one `<h1>`: sets the document title and, after a navigation inside the app, takes the
 * focus so that a screen reader announces the new page and the keyboard starts from its top.
 */
import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

let navigations = 0;
/** Called by the root layout on every change of location after the first. */
export function noteNavigation(): void {
  navigations += 1;
}

export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · airport-intel`;
  }, [children]);
  useEffect(() => {
    if (navigations > 0) ref.current?.focus();
  }, []);
  return (
    <Title order={1} ref={ref} tabIndex={-1} mb="md" style={{ outline: 'none' }} fz={{ base: 26, sm: 32 }}>
      {children}
    </Title>
  );
}
