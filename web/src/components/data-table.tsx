/** A table (row borders; no stripes, which would dim the tinted buttons in its rows below 4.5:1) that scrolls sideways inside its own box on small screens; the last column may hold row actions. */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function DataTable({ columns, actions = false, minWidth, children }: { columns: string[]; actions?: boolean; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c} scope="col">{c}</Table.Th>)}
            {actions && <Table.Th scope="col"><span className="visually-hidden">Actions</span></Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
