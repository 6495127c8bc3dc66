/**
 * The desk's three record tables: projects, tenders (every state, unpublished included) and the
 * events calendar, each a {@link RecordsPage} with its fields, columns and (projects, tenders)
 * link editors.
 */
import { Badge } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';

import { useCreateEvent, useDeleteEvent, useEvents, useUpdateEvent, eventQuery, type AdminEvent } from '../api/calendar';
import { projectQuery, useCreateProject, useDeleteProject, useProjectLinks, useProjects, useSetProjectLinks, useUpdateProject, type AdminProject } from '../api/projects';
import { tenderQuery, useCreateTender, useDeleteTender, useSetTenderLinks, useTenderLinks, useTenders, useUpdateTender, type AdminTender } from '../api/tenders';
import { useReferenceOptions } from '../api/lookups';
import { LinksEditor } from './links-editor';
import type { FieldDef } from './record-form';
import { RecordsPage } from './records-page';


const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v.replace(/_/g, ' ') }));
const s = (v: string | null | undefined) => v ?? '';
const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : v);

function ProjectLinks({ id }: { id: string }) {
  const links = useProjectLinks(id);
  const save = useSetProjectLinks(id);
  return <LinksEditor links={links} onSave={(v) => save.mutateAsync(v)} />;
}

function TenderLinks({ id }: { id: string }) {
  const links = useTenderLinks(id);
  const save = useSetTenderLinks(id);
  return <LinksEditor links={links} onSave={(v) => save.mutateAsync(v)} />;
}

export function DeskProjects() {
  const qc = useQueryClient();
  const reference = useReferenceOptions();
  const fields: FieldDef[] = [
    { name: 'title', label: 'Title', required: true },
    { name: 'iata_code', label: 'Main airport (IATA code)', description: 'Sets the country and region' },
    { name: 'status', label: 'Status', kind: 'select', options: opts(['planned', 'ongoing', 'complete', 'cancelled', 'on_hold']), required: true },
    { name: 'project_type', label: 'Project type', kind: 'select', options: (reference.data?.project_types ?? []).map((t) => ({ value: t.slug, label: t.name })) },
    { name: 'value_amount', label: 'Stated value', kind: 'number' },
    { name: 'value_currency', label: 'Currency (ISO 4217)' },
    { name: 'announced_on', label: 'Announced on', kind: 'date' },
    { name: 'expected_completion_year', label: 'Expected completion year', kind: 'number' },
    { name: 'contractor', label: 'Contractor' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ];
  return (
    <RecordsPage<AdminProject> kind={{
      noun: 'project',
      fields,
      columns: [
        { label: 'Title', cell: (p) => p.title },
        { label: 'Airport', cell: (p) => p.iata_code ?? '—' },
        { label: 'Status', cell: (p) => p.status.replace(/_/g, ' ') },
        { label: 'Changed', cell: (p) => formatDate(p.updated_at) },
      ],
      titleOf: (p) => p.title,
      valuesOf: (p) => ({
        title: p.title, iata_code: s(p.iata_code), status: p.status, project_type: s(p.project_type_slug), value_amount: n(p.value_amount),
        value_currency: s(p.value_currency), announced_on: s(p.announced_on), expected_completion_year: n(p.expected_completion_year),
        contractor: s(p.contractor), description: p.description,
      }),
      useList: useProjects,
      readOne: (id) => qc.fetchQuery({ ...projectQuery(id), staleTime: 0 }),
      useCreate: useCreateProject,
      useUpdate: useUpdateProject,
      useDelete: useDeleteProject,
      links: (p) => <ProjectLinks id={p.id} />,
    }} />
  );
}

export function DeskTenders() {
  const qc = useQueryClient();
  const fields: FieldDef[] = [
    { name: 'title', label: 'Title', required: true },
    { name: 'buyer', label: 'Buyer', required: true },
    { name: 'type', label: 'Type', kind: 'select', options: opts(['rfp', 'tender', 'framework', 'eoi']), required: true },
    { name: 'status', label: 'Status', kind: 'select', options: opts(['open', 'closed', 'awarded', 'cancelled']) },
    { name: 'reference', label: 'Reference' },
    { name: 'iata_code', label: 'Airport (IATA code)' },
    { name: 'deadline', label: 'Deadline (ISO 8601, e.g. 2027-01-15T12:00:00Z)' },
    { name: 'estimated_value', label: 'Estimated value', kind: 'number' },
    { name: 'currency', label: 'Currency (ISO 4217)' },
    { name: 'awarded_to', label: 'Awarded to' },
    { name: 'awarded_on', label: 'Awarded on', kind: 'date' },
    { name: 'source_url', label: 'Source URL' },
    { name: 'published', label: 'Readers see it (unchecked: a draft)', kind: 'checkbox', initial: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ];
  return (
    <RecordsPage<AdminTender> kind={{
      noun: 'tender',
      fields,
      minWidth: 760,
      columns: [
        { label: 'Title', cell: (t) => t.title },
        { label: 'Buyer', cell: (t) => t.buyer },
        { label: 'Status', cell: (t) => t.status.replace(/_/g, ' ') },
        { label: 'Readers see it', cell: (t) => (t.published ? 'Published' : <Badge color="gray" variant="outline">Unpublished</Badge>) },
        { label: 'Deadline', cell: (t) => (t.deadline ? formatDate(t.deadline) : '—') },
      ],
      titleOf: (t) => t.title,
      valuesOf: (t) => ({
        title: t.title, buyer: t.buyer, type: t.type, status: ['open', 'closed', 'awarded', 'cancelled'].includes(t.status) ? t.status : 'open',
        reference: s(t.reference), iata_code: s(t.iata_code), deadline: s(t.deadline), estimated_value: n(t.estimated_value), currency: s(t.currency),
        awarded_to: s(t.awarded_to), awarded_on: s(t.awarded_on), source_url: s(t.source_url), published: t.published, description: t.description,
      }),
      useList: useTenders,
      readOne: (id) => qc.fetchQuery({ ...tenderQuery(id), staleTime: 0 }),
      useCreate: useCreateTender,
      useUpdate: useUpdateTender,
      useDelete: useDeleteTender,
      links: (t) => <TenderLinks id={t.id} />,
    }} />
  );
}

export function DeskCalendar() {
  const qc = useQueryClient();
  const fields: FieldDef[] = [
    { name: 'title', label: 'Title', required: true },
    { name: 'starts_on', label: 'Starts on', kind: 'date', required: true },
    { name: 'ends_on', label: 'Ends on', kind: 'date' },
    { name: 'city', label: 'City' },
    { name: 'country', label: 'Country (ISO code or name)' },
    { name: 'venue', label: 'Venue' },
    { name: 'organiser', label: 'Organiser' },
    { name: 'url', label: 'Web site' },
    { name: 'published', label: 'Readers see it', kind: 'checkbox', initial: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ];
  return (
    <RecordsPage<AdminEvent> kind={{
      noun: 'event',
      fields,
      columns: [
        { label: 'Title', cell: (e) => e.title },
        { label: 'Dates', cell: (e) => (e.ends_on ? `${e.starts_on} – ${e.ends_on}` : e.starts_on) },
        { label: 'Place', cell: (e) => [e.city, e.country].filter(Boolean).join(', ') || '—' },
        { label: 'Readers see it', cell: (e) => (e.published ? 'Published' : 'Hidden') },
      ],
      titleOf: (e) => e.title,
      valuesOf: (e) => ({
        title: e.title, starts_on: e.starts_on, ends_on: s(e.ends_on), city: s(e.city), country: s(e.country_code), venue: s(e.venue),
        organiser: s(e.organiser), url: s(e.url), published: e.published, description: e.description,
      }),
      useList: useEvents,
      readOne: (id) => qc.fetchQuery({ ...eventQuery(id), staleTime: 0 }),
      useCreate: useCreateEvent,
      useUpdate: useUpdateEvent,
      useDelete: useDeleteEvent,
    }} />
  );
}
