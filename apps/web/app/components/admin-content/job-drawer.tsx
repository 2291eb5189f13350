// The drawer of the Jobs section: create a job opening or edit one, prefilled. A failed save keeps it
// open with what was typed and the server's message next to the field.
import {
  CURRENCIES,
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_LOCATIONS,
  JOB_LOCATION_LABELS,
  JOB_STATUSES,
  SALARY_UNITS,
  SALARY_UNIT_LABELS,
  TEXTAREA_ROWS,
  type Job,
  type JobInput,
} from '@agency/contract';
import { useId, useState } from 'react';
import { fromLocalInput, toLocalInput } from '~/lib/local-time';
import { EditorDrawer, Field, type ControlProps, type SaveFailure } from './editor-drawer';

/** Four weeks from now, at the minute: a sensible default closing time. */
const defaultValidThrough = () => toLocalInput(new Date(Date.now() + 28 * 24 * 60 * 60 * 1000).toISOString());

/** A select of `options` shown by their `labels`, with an unselectable `placeholder` first. */
function Options({
  options,
  labels,
  placeholder,
  ...props
}: ControlProps & {
  options: readonly string[];
  labels?: Record<string, string>;
  placeholder?: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <select {...props}>
      {placeholder && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option} value={option}>
          {labels?.[option] ?? option}
        </option>
      ))}
    </select>
  );
}

export function JobDrawer({
  job,
  onClose,
  onSubmit,
}: {
  /** The opening being edited; null for a new one. */
  job: Job | null;
  onClose: () => void;
  /** Resolves to null when saved (the manager closes the drawer), else to what went wrong. */
  onSubmit: (values: JobInput) => Promise<SaveFailure | null>;
}) {
  const id = useId();
  const [values, setValues] = useState({
    title: job?.title ?? '',
    location: job?.location ?? '',
    employmentType: job?.employmentType ?? 'FULL_TIME',
    salaryMin: job ? String(job.salaryMin) : '',
    salaryMax: job ? String(job.salaryMax) : '',
    salaryCurrency: job?.salaryCurrency ?? 'GBP',
    salaryUnit: job?.salaryUnit ?? 'YEAR',
    description: job?.description ?? '',
    validThrough: job ? toLocalInput(job.validThrough) : defaultValidThrough(),
    status: job?.status ?? 'open',
  });
  type Name = keyof typeof values;
  /** The value and change handler of one field. */
  const bind = (name: Name) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  // The server checks every field and names the ones it refuses; a time the browser cannot read goes as typed.
  const save = () =>
    onSubmit({
      ...values,
      validThrough: fromLocalInput(values.validThrough) ?? values.validThrough,
    } as JobInput);

  return (
    <EditorDrawer
      title={job ? 'Edit Job Opening' : 'Create Job Opening'}
      submitLabel={job ? 'Update Job Opening' : 'Create Job Opening'}
      onClose={onClose}
      save={save}
      columns={2}
    >
      {(failure) => {
        const field = (name: Name) => ({ id: `${id}-${name}`, error: failure?.fields?.[name] });
        return (
          <>
            <Field {...field('title')} label="Title" wide>
              {(props) => <input {...props} {...bind('title')} data-autofocus />}
            </Field>
            <Field {...field('location')} label="Location">
              {(props) => (
                <Options
                  {...props}
                  {...bind('location')}
                  options={JOB_LOCATIONS}
                  labels={JOB_LOCATION_LABELS}
                  placeholder="Choose a location"
                />
              )}
            </Field>
            <Field {...field('employmentType')} label="Employment type">
              {(props) => (
                <Options
                  {...props}
                  {...bind('employmentType')}
                  options={EMPLOYMENT_TYPES}
                  labels={EMPLOYMENT_TYPE_LABELS}
                />
              )}
            </Field>
            <Field {...field('salaryMin')} label="Lowest salary">
              {(props) => <input {...props} {...bind('salaryMin')} type="number" min={0} step={1} />}
            </Field>
            <Field {...field('salaryMax')} label="Highest salary">
              {(props) => <input {...props} {...bind('salaryMax')} type="number" min={0} step={1} />}
            </Field>
            <Field {...field('salaryCurrency')} label="Salary currency">
              {(props) => <Options {...props} {...bind('salaryCurrency')} options={CURRENCIES} />}
            </Field>
            <Field {...field('salaryUnit')} label="Salary period">
              {(props) => (
                <Options {...props} {...bind('salaryUnit')} options={SALARY_UNITS} labels={SALARY_UNIT_LABELS} />
              )}
            </Field>
            <Field {...field('description')} label="Description (Markdown)" wide>
              {(props) => <textarea {...props} {...bind('description')} rows={TEXTAREA_ROWS * 2} />}
            </Field>
            <Field {...field('validThrough')} label="Open until">
              {(props) => <input {...props} {...bind('validThrough')} type="datetime-local" />}
            </Field>
            <Field {...field('status')} label="Status">
              {(props) => (
                <Options
                  {...props}
                  {...bind('status')}
                  options={JOB_STATUSES}
                  labels={{ open: 'Open', closed: 'Closed' }}
                />
              )}
            </Field>
          </>
        );
      }}
    </EditorDrawer>
  );
}
