import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useFieldError } from '../../../components/form';
import { Button, Checkbox, IconButton, Input, Label } from '../../../components/ui';
import type { ScraperFormValues } from './scraper-form-model';

type ListName = 'retention.changes' | 'retention.types';

interface Column {
  key: string;
  label: string;
  placeholder?: string;
}

const CHANGE_COLUMNS: Column[] = [
  { key: 'name', label: 'Name' },
  { key: 'age', label: 'Age', placeholder: '72h' },
  { key: 'count', label: 'Count', placeholder: '100' },
];
const TYPE_COLUMNS: Column[] = [
  { key: 'name', label: 'Name' },
  { key: 'createdAge', label: 'Created age', placeholder: '30d' },
  { key: 'updatedAge', label: 'Updated age', placeholder: '7d' },
  { key: 'deletedAge', label: 'Deleted age', placeholder: '1d' },
];

/** One cell of a retention row: an input labelled by its column and row, with its error under it. */
function Cell({ list, index, column, readOnly }: { list: ListName; index: number; column: Column; readOnly: boolean }) {
  const { register } = useFormContext<ScraperFormValues>();
  const name = `${list}.${index}.${column.key}`;
  const error = useFieldError(name);
  return (
    <div className="grid gap-1">
      <Input
        aria-label={`${column.label} ${index + 1}`}
        placeholder={column.placeholder}
        readOnly={readOnly}
        invalid={!!error}
        {...register(name as `retention.changes.${number}.name`)}
      />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A list of retention rows (changes or types) with Add and Remove. */
function RetentionRows({
  list,
  title,
  columns,
  empty,
  readOnly,
}: {
  list: ListName;
  title: string;
  columns: Column[];
  empty: object;
  readOnly: boolean;
}) {
  const { control } = useFormContext<ScraperFormValues>();
  const rows = useFieldArray({ control, name: list as 'retention.changes', keyName: 'key' });
  return (
    <fieldset className="grid gap-2" aria-label={title}>
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      <div className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr)) auto` }}>
        {columns.map((c) => (
          <span key={c.key} className="text-xs text-muted-foreground">
            {c.label}
          </span>
        ))}
        <span />
        {rows.fields.map((row, i) => [
          ...columns.map((c) => <Cell key={`${row.key}-${c.key}`} list={list} index={i} column={c} readOnly={readOnly} />),
          <IconButton
            key={`${row.key}-remove`}
            label={`Remove ${title.toLowerCase()} row ${i + 1}`}
            disabled={readOnly}
            icon={<Trash2 aria-hidden />}
            onClick={() => rows.remove(i)}
          />,
        ])}
      </div>
      {!readOnly && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => rows.append(empty as never)}>
          <Plus aria-hidden /> Add {title.toLowerCase()} rule
        </Button>
      )}
    </fieldset>
  );
}

/** The Retention group, on behind its checkbox; unchecking clears every retention rule. */
export function ScraperRetentionFields({ readOnly }: { readOnly: boolean }) {
  const { control, setValue } = useFormContext<ScraperFormValues>();
  const on = useWatch({ control, name: 'retentionOn' });
  const toggle = (next: boolean): void => {
    setValue('retentionOn', next, { shouldDirty: true });
    if (!next) {
      setValue('retention', { changes: [], types: [] }, { shouldDirty: true, shouldValidate: true });
      setValue('retentionRest', {}, { shouldDirty: true });
    }
  };
  return (
    <div className="grid gap-3 rounded-md border p-3">
      <div className="flex items-center gap-2">
        <Checkbox id="scraper-retention" checked={on} disabled={readOnly} onCheckedChange={toggle} />
        <Label htmlFor="scraper-retention">Retention</Label>
      </div>
      {on && (
        <>
          <RetentionRows
            list="retention.changes"
            title="Changes"
            columns={CHANGE_COLUMNS}
            empty={{ name: '', age: '', count: '' }}
            readOnly={readOnly}
          />
          <RetentionRows
            list="retention.types"
            title="Types"
            columns={TYPE_COLUMNS}
            empty={{ name: '', createdAge: '', updatedAge: '', deletedAge: '' }}
            readOnly={readOnly}
          />
        </>
      )}
    </div>
  );
}
