/**
 * The company filter of `/projects`: a type-ahead over `GET /v1/companies?q=` (name, alias or slug)
 * whose value is the company's id. Opened from a URL that holds only the id, it shows the company's
 * name (`GET /v1/companies/{id}`).
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companyQuery, useCompanySearch } from '../../../lib/companies';

export function CompanyFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 250);
  const chosen = useQuery({ ...companyQuery(value ?? ''), enabled: !!value });
  const found = useCompanySearch(typed);
  const options = new Map<string, { value: string; label: string }>();
  if (value && chosen.data) options.set(value, { value, label: chosen.data.name });
  for (const c of found.data ?? []) if (!options.has(c.id)) options.set(c.id, { value: c.id, label: c.name });
  return (
    <Select label="Company" placeholder="Type two letters of a name" searchable clearable
      data={[...options.values()]} value={value ?? null} onChange={onChange}
      searchValue={search} onSearchChange={setSearch}
      // The API matches names, aliases and slugs: its answer is the choice (no second filtering by label).
      filter={({ options: all }) => all}
      nothingFoundMessage={typed.length >= 2 && !found.isFetching ? 'No company matches' : undefined} />
  );
}
