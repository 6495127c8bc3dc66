/**
 * The page's one `<h1>`: sets the document title and, after a navigation inside the app to another
 * page (any location but the one the page was loaded at, with another path), takes the focus so
 * that a screen reader announces the new page and the keyboard starts from its top. A change of the
 * query alone (a filter chosen on the page) leaves the focus where it is, on the control.
 */
import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  const loaded = key === 'default';
  useEffect(() => {
    document.title = `${children} · airport-intel`;
  }, [children]);
  useEffect(() => {
    // react-router names the entry the app was loaded at 'default'; a new path is a new page, a new query is not.
    if (!loaded) ref.current?.focus();
  }, [pathname]);
  return (
    <Title order={1} ref={ref} tabIndex={-1} mb="md" style={{ outline: 'none' }} fz={{ base: 26, sm: 32 }}>
      {children}
    </Title>
  );
}
