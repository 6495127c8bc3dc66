/**
 * The page's one `<h1>`: sets the document title and, after a navigation inside the app (any
 * location but the one the page was loaded at), takes the focus so that a screen reader announces
 * the new page and the keyboard starts from its top.
 */
import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    document.title = `${children} · airport-intel`;
  }, [children]);
  useEffect(() => {
    // react-router names the entry the app was loaded at 'default'.
    if (key !== 'default') ref.current?.focus();
  }, [key]);
  return (
    <Title order={1} ref={ref} tabIndex={-1} mb="md" style={{ outline: 'none' }} fz={{ base: 26, sm: 32 }}>
      {children}
    </Title>
  );
}
