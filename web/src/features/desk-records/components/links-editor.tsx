/**
 * The replace-the-set link editors of a project or a tender: airports (IATA codes, type-ahead over
 * `/v1/airports`), companies (type-ahead over `/v1/admin/companies`), topics (from `/v1/reference`)
 * and tags (free). Saving replaces each whole set (`PUT …/airports`, `…/companies`, `…/terms`).
 */
import { Button, Group, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice, Loading } from '../../../components/query-state';
import { WriteStatus } from '../../../components/write-status';
import { useAirportOptions, useCompanyOptions, useReferenceOptions } from '../api/lookups';

/** What the links read answers, in the shape both records share. */
export interface LinkSets {
  airports: { iata_code: string }[];
  companies: { name: string; role?: string }[];
  topics: { slug: string }[];
  tags: { slug: string }[];
}

/** What the editor saves: every set as the PUTs take it. */
export interface LinkValues { airports: string[]; companies: { name: string; role: string }[]; topics: string[]; tags: string[] }

export function LinksEditor({ links, onSave }: { links: { isPending: boolean; error: unknown; data?: LinkSets | undefined }; onSave: (v: LinkValues) => Promise<unknown> }) {
  if (links.isPending) return <Loading label="Loading the links…" />;
  if (links.error || !links.data) return <ErrorNotice error={links.error} title="Could not load the links" />;
  return <LinksForm initial={links.data} onSave={onSave} />;
}

function LinksForm({ initial, onSave }: { initial: LinkSets; onSave: (v: LinkValues) => Promise<unknown> }) {
  const [airports, setAirports] = useState(initial.airports.map((a) => a.iata_code));
  const [companies, setCompanies] = useState(initial.companies.map((c) => c.name));
  const [topics, setTopics] = useState(initial.topics.map((t) => t.slug));
  const [tags, setTags] = useState(initial.tags.map((t) => t.slug));
  const [airportQ, setAirportQ] = useState('');
  const [companyQ, setCompanyQ] = useState('');
  const airportOptions = useAirportOptions(airportQ);
  const companyOptions = useCompanyOptions(companyQ);
  const reference = useReferenceOptions();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const roles = new Map(initial.companies.map((c) => [c.name, c.role ?? 'contractor']));

  const save = async () => {
    setPending(true); setError(null); setDone(null);
    try {
      await onSave({ airports, companies: companies.map((name) => ({ name, role: roles.get(name) ?? 'contractor' })), topics, tags });
      setDone('Links saved.');
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagsInput label="Airports" description="IATA codes; type two letters for suggestions" value={airports} onChange={setAirports}
          searchValue={airportQ} onSearchChange={setAirportQ} data={airportOptions.data ?? []} splitChars={[',', ' ']} />
        <TagsInput label="Companies" description="Names or aliases" value={companies} onChange={setCompanies}
          searchValue={companyQ} onSearchChange={setCompanyQ} data={companyOptions.data ?? []} splitChars={[',']} />
        <TagsInput label="Topics" value={topics} onChange={setTopics} data={(reference.data?.topics ?? []).map((t) => t.slug)} splitChars={[',']} />
        <TagsInput label="Tags" description="New tags are created" value={tags} onChange={setTags} splitChars={[',']} />
      </SimpleGrid>
      <WriteStatus success={done} error={error} />
      <Group><Button variant="light" loading={pending} onClick={() => void save()}>Save links</Button></Group>
    </Stack>
  );
}
