/**
 * The form of one record of the desk (a project, a tender, an event): its fields from a list of
 * definitions, the service's problem next to the field it names, what was typed kept when a write
 * fails, and — when the record changed under the editor (409, decision 0050) — a reload of the
 * latest version. A new record is created with the fields filled in; an existing one is changed
 * with only the fields that differ, from the version it was read at (`If-Match`).
 */
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { WriteStatus } from '../../../components/write-status';
import { fieldErrorsOf } from '../../../lib/api/problem-fields';

/** One field of a record form. */
export interface FieldDef {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'select' | 'number' | 'date' | 'checkbox';
  options?: { value: string; label: string }[];
  required?: boolean;
  description?: string;
  /** The value of a new record's field (default empty, or unchecked). */
  initial?: FormValue;
  /** Sent only when creating (e.g. a value the update names differently). */
  createOnly?: boolean;
}

export type FormValue = string | number | boolean | null;
export type FormValues = Record<string, FormValue>;

/** The body a form's values make: all filled fields (create) or only the changed ones (update; empty → null). */
export function bodyOf(fields: FieldDef[], values: FormValues, initial: FormValues | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (initial && f.createOnly) continue;
    const v = values[f.name];
    if (initial && v === initial[f.name]) continue;
    if (f.kind === 'checkbox') body[f.name] = Boolean(v);
    else if (v === '' || v === undefined || v === null) { if (initial) body[f.name] = null; }
    else if (f.kind === 'number') body[f.name] = Number(v);
    else body[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return body;
}

export function RecordForm({ fields, initial, submitLabel, onSubmit, onReload, success }: {
  fields: FieldDef[];
  /** The record's current values (null: a new record). */
  initial: FormValues | null;
  submitLabel: string;
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  /** Reads the latest version; returns its values (a stale write offers it). */
  onReload?: () => Promise<FormValues>;
  success?: string;
}) {
  const blank = Object.fromEntries(fields.map((f) => [f.name, f.initial ?? (f.kind === 'checkbox' ? false : '')])) as FormValues;
  const [base, setBase] = useState<FormValues | null>(initial);
  const form = useForm<FormValues>({ initialValues: { ...blank, ...(initial ?? {}) } });
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setError(null);
    setDone(null);
    try {
      const body = bodyOf(fields, values, base);
      if (base && Object.keys(body).length === 0) { setDone('Nothing changed.'); return; }
      await onSubmit(body);
      if (base) setBase(values);
      else form.reset();
      setDone(success ?? 'Saved.');
    } catch (e) {
      setError(e);
      const named = fieldErrorsOf(e);
      for (const f of fields) if (named[f.name]) form.setFieldError(f.name, named[f.name]);
    } finally {
      setPending(false);
    }
  });

  const reload = onReload ? async () => {
    const fresh = await onReload();
    setBase(fresh);
    form.setValues({ ...blank, ...fresh });
    form.resetDirty({ ...blank, ...fresh });
    setError(null);
    setDone('Reloaded the latest version.');
  } : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.filter((f) => !(base && f.createOnly)).map((f) => {
            const common = { label: f.label, required: f.required, description: f.description, ...form.getInputProps(f.name, f.kind === 'checkbox' ? { type: 'checkbox' } : undefined) };
            switch (f.kind) {
              case 'textarea': return <Textarea key={f.name} {...common} autosize minRows={2} style={{ gridColumn: '1 / -1' }} />;
              case 'select': return <Select key={f.name} {...common} data={f.options ?? []} clearable={!f.required} allowDeselect={!f.required} />;
              case 'number': return <NumberInput key={f.name} {...common} allowDecimal={false} />;
              case 'checkbox': return <Checkbox key={f.name} {...common} mt="lg" />;
              case 'date': return <TextInput key={f.name} {...common} type="date" />;
              default: return <TextInput key={f.name} {...common} />;
            }
          })}
        </SimpleGrid>
        <WriteStatus success={done} error={error} {...(reload ? { onReload: () => void reload() } : {})} />
        <Group><Button type="submit" loading={pending}>{submitLabel}</Button></Group>
      </Stack>
    </form>
  );
}
