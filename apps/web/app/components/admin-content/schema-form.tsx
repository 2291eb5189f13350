// A content document's form, built from its zod schema (schema-walk.ts): text fields, Markdown with its
// preview, prices as numbers, choices, images picked from the media library, and lists whose items can be
// added, moved (buttons, or dragged) and removed, each folding to its own title. Every field says its limit and,
// where its label is not enough, what it is for; fields only a developer changes sit under "Advanced", closed.
// Every control is a labelled native one carrying `data-field` (its dot path, `plans.2.price`), so the
// Publish box and the preview can focus it (focusField); a message for a field shows under it.
import { itemName, singular } from '@agency/contract';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { secondaryButton } from '~/components/admin/form-styles';
import { type ControlProps, Field } from './editor-drawer';
import { MARKDOWN_HINT } from './markdown-preview';
import {
  choicesOf,
  elementOf,
  emptyValue,
  isRecord,
  innerOf,
  kindOf,
  labelOf,
  maxLengthOf,
  metaOf,
  optionLabel,
  optionsOf,
  shapeOf,
  unionIndex,
} from './schema-walk';

/** An image of the media library, as a content document stores it. */
export interface PickedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface FormContext {
  idPrefix: string;
  /** The server's messages by field path. */
  errors: Record<string, string>;
  /** Opens the media library; resolves with the chosen image, or null when closed. */
  pickImage?: () => Promise<PickedImage | null>;
  /** What an emptied text field by its path stands for (shown greyed in it), e.g. a page's usual title. */
  placeholders: Record<string, string>;
}

const Context = createContext<FormContext>({ idPrefix: 'f', errors: {}, placeholders: {} });

const smallButton = 'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-800 hover:bg-slate-100';
const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/[^a-zA-Z0-9]+/g, '-') || 'root'}`;

export interface SchemaFormProps {
  schema: z.ZodType;
  value: unknown;
  onChange: (value: unknown) => void;
  errors?: Record<string, string>;
  pickImage?: () => Promise<PickedImage | null>;
  /** What an emptied text field stands for, by its path (`seo.title`). */
  placeholders?: Record<string, string>;
}

export function SchemaForm({ schema, value, onChange, errors = {}, pickImage, placeholders = {} }: SchemaFormProps) {
  const idPrefix = useId().replace(/:/g, '');
  return (
    <Context.Provider value={{ idPrefix, errors, pickImage, placeholders }}>
      <div className="space-y-5">
        <ObjectFields schema={schema} path="" value={value} onChange={onChange} />
      </div>
    </Context.Provider>
  );
}

interface FieldProps {
  schema: z.ZodType;
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Opens whatever folds the field at `path` (a list item, "Advanced") and focuses it; a field not on the form
 * (a list's own rule) focuses the nearest part that is. False when nothing of it is on the page.
 */
export function focusField(path: string, root: ParentNode = document): boolean {
  for (let parts = path.split('.'); parts.length; parts = parts.slice(0, -1)) {
    const target = root.querySelector<HTMLElement>(`[data-field="${CSS.escape(parts.join('.'))}"]`);
    if (!target) continue;
    for (let fold = target.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null)
      fold.open = true;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    return true;
  }
  return false;
}

function ObjectFields({ schema, path, value, onChange }: Omit<FieldProps, 'label'>) {
  const object = isRecord(value) ? value : {};
  const fields = Object.entries(shapeOf(schema));
  const render = ([key, field]: [string, z.ZodType]) => (
    <SchemaField
      key={key}
      schema={field}
      path={join(path, key)}
      label={labelOf(field, key)}
      value={object[key]}
      onChange={(next) => {
        const copy = { ...object };
        if (next === undefined) delete copy[key];
        else copy[key] = next;
        onChange(copy);
      }}
    />
  );
  const advanced = fields.filter(([, field]) => metaOf(field).advanced);
  return (
    <>
      {fields.filter(([, field]) => !metaOf(field).advanced).map(render)}
      {advanced.length > 0 && (
        <details className="rounded-md border border-dashed border-slate-300 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            Advanced<span className="sr-only">: {advanced.map(([key, field]) => labelOf(field, key)).join(', ')}</span>
          </summary>
          <div className="mt-3 space-y-4">{advanced.map(render)}</div>
        </details>
      )}
    </>
  );
}

function SchemaField(props: FieldProps) {
  switch (kindOf(props.schema)) {
    case 'object':
      return (
        <Group label={props.label} path={props.path}>
          <ObjectFields {...props} />
        </Group>
      );
    case 'image':
      return <ImageField {...props} />;
    case 'list':
      return <ListField {...props} />;
    case 'optional':
      return <OptionalField {...props} />;
    case 'union':
      return <UnionField {...props} />;
    case 'record':
      return <RecordField {...props} />;
    case 'unknown':
      return (
        <Leaf {...props}>
          {(control) => <textarea {...control} readOnly rows={3} value={JSON.stringify(props.value, null, 2)} />}
        </Leaf>
      );
    default:
      return <InputField {...props} />;
  }
}

function Group({
  label,
  path,
  children,
  actions,
}: {
  label: string;
  path: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { errors } = useContext(Context);
  const error = errors[path];
  return (
    <fieldset data-field={path} tabIndex={-1} className="space-y-4 rounded-md border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      {actions}
      {error && <p className="text-sm font-medium text-red-800">{error}</p>}
      {children}
    </fieldset>
  );
}

/** A label, a control and the server's message for it. */
function Leaf({
  path,
  label,
  hint,
  children,
}: Omit<FieldProps, 'onChange' | 'schema' | 'value'> & {
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const { idPrefix, errors } = useContext(Context);
  const id = fieldId(idPrefix, path);
  const error = errors[path];
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => children({ ...control, 'data-field': path } as ControlProps)}
    </Field>
  );
}

/** The line under a field: what it is for (its schema's help) and the limit it keeps. */
function hintOf(schema: z.ZodType, fallback?: string): string | undefined {
  const max = maxLengthOf(schema);
  const help = metaOf(schema).help ?? fallback;
  const limit = max ? `Up to ${max.toLocaleString('en-GB')} characters.` : undefined;
  return [help, limit].filter(Boolean).join(' ') || undefined;
}

function InputField({ schema, path, label, value, onChange }: FieldProps) {
  const placeholder = useContext(Context).placeholders[path];
  const kind = kindOf(schema);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  if (kind === 'choice') {
    return (
      <Leaf path={path} label={label} hint={hintOf(schema)}>
        {(control) => (
          <select {...control} value={text} onChange={(event) => onChange(event.target.value)}>
            {choicesOf(schema).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        )}
      </Leaf>
    );
  }
  if (kind === 'price' || kind === 'number') {
    return (
      <Leaf path={path} label={label} hint={kind === 'price' ? 'A number, without the currency sign.' : undefined}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            value={typeof value === 'number' && Number.isFinite(value) ? value : text}
            // An empty or unreadable number is sent as it is, and the server names the field.
            onChange={(event) => onChange(event.target.value === '' ? null : event.target.valueAsNumber)}
          />
        )}
      </Leaf>
    );
  }
  if (kind === 'markdown')
    return <MarkdownField path={path} label={label} hint={hintOf(schema)} value={text} onChange={onChange} />;
  if (kind === 'paragraph') {
    return (
      <Leaf path={path} label={label} hint={hintOf(schema)}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            placeholder={placeholder}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Leaf>
    );
  }
  const type = kind === 'email' ? 'email' : kind === 'date' ? 'date' : 'text';
  const hint = hintOf(
    schema,
    kind === 'link'
      ? 'A page of this site (/packages), a web address (https://…), mailto: or tel:.'
      : kind === 'email'
        ? 'An e-mail address visitors can write to.'
        : undefined,
  );
  return (
    <Leaf path={path} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          placeholder={placeholder}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Leaf>
  );
}

function MarkdownField({
  path,
  label,
  hint,
  value,
  onChange,
}: Omit<FieldProps, 'schema'> & { value: string; hint?: string }) {
  return (
    <Leaf path={path} label={label} hint={`${MARKDOWN_HINT} ${hint ?? ''}`.trim()}>
      {(control) => <textarea {...control} rows={6} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Leaf>
  );
}

function ListField({ schema, path, label, value, onChange }: FieldProps) {
  const element = elementOf(schema);
  const items = Array.isArray(value) ? value : [];
  const [dragged, setDragged] = useState<number | null>(null);
  if (!element) return null;
  const itemLabel = labelOf(element, singular(label));
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    const copy = [...items];
    const [item] = copy.splice(from, 1);
    copy.splice(to, 0, item);
    onChange(copy);
  };
  return (
    <Group label={`${label} (${items.length})`} path={path}>
      <p className="text-sm text-slate-600">
        Drag an item by its handle, or use its Up and Down buttons, to change the order the page shows them in.
      </p>
      <ol className="space-y-4">
        {items.map((item, index) => {
          const name = `${itemLabel} ${index + 1}`;
          const title = itemName(itemLabel, undefined, item, index);
          return (
            <li
              key={index}
              className={`rounded-md border bg-slate-50 p-3 ${dragged === index ? 'border-brand-700 opacity-60' : 'border-slate-200'}`}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
            >
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                    setDragged(index);
                  }}
                  onDragEnd={() => setDragged(null)}
                  className="cursor-grab select-none px-1 text-slate-600"
                  title={`Drag ${name} to another place`}
                  aria-hidden="true"
                  data-testid="drag-handle"
                >
                  ⠿
                </span>
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === items.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className={`${smallButton} text-red-800`}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
              <details open className="group">
                <summary className="cursor-pointer text-sm font-semibold text-slate-800">
                  {name}
                  {title !== name && <span className="font-normal text-slate-700">: {title}</span>}
                </summary>
                <div className="mt-3">
                  <SchemaField
                    schema={element}
                    path={join(path, index)}
                    label={name}
                    value={item}
                    onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                  />
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <button type="button" className={secondaryButton} onClick={() => onChange([...items, emptyValue(element)])}>
        Add {itemLabel.toLowerCase()}
      </button>
    </Group>
  );
}

function OptionalField({ schema, path, label, value, onChange }: FieldProps) {
  const inner = innerOf(schema);
  if (!inner) return null;
  const innerKind = kindOf(inner);
  // An optional text is just a text that may stay empty.
  if (!['object', 'image', 'list', 'union', 'record'].includes(innerKind)) {
    return (
      <SchemaField
        schema={inner}
        path={path}
        label={`${label} (optional)`}
        value={value ?? ''}
        onChange={(next) => onChange(next === '' ? undefined : next)}
      />
    );
  }
  if (value === undefined) {
    return (
      <button type="button" className={secondaryButton} onClick={() => onChange(emptyValue(inner))}>
        Add {label.toLowerCase()}
      </button>
    );
  }
  return (
    <div>
      <SchemaField schema={inner} path={path} label={label} value={value} onChange={onChange} />
      <button type="button" className={`${smallButton} mt-2 text-red-800`} onClick={() => onChange(undefined)}>
        Remove {label.toLowerCase()}
      </button>
    </div>
  );
}

function UnionField({ schema, path, label, value, onChange }: FieldProps) {
  const { idPrefix } = useContext(Context);
  const options = optionsOf(schema);
  const index = unionIndex(schema, value);
  const option = options[index];
  const id = `${fieldId(idPrefix, path)}-kind`;
  if (!option) return null;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm text-slate-700">
          {label} is a
        </label>
        <select
          id={id}
          className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
          value={index}
          onChange={(event) => onChange(emptyValue(options[Number(event.target.value)]!))}
        >
          {options.map((each, i) => (
            <option key={i} value={i}>
              {optionLabel(each, i)}
            </option>
          ))}
        </select>
      </div>
      <SchemaField schema={option} path={path} label={label} value={value} onChange={onChange} />
    </div>
  );
}

/** A record's keys are fixed by the site (e.g. one summary per open position): only the values are edited. */
function RecordField({ schema, path, label, value, onChange }: FieldProps) {
  const valueSchema = (schema as unknown as { _zod: { def: { valueType: z.ZodType } } })._zod.def.valueType;
  const record = isRecord(value) ? value : {};
  return (
    <Group label={label} path={path}>
      {Object.keys(record).length === 0 && <p className="text-sm text-slate-600">Nothing to edit here.</p>}
      {Object.entries(record).map(([key, item]) => (
        <SchemaField
          key={key}
          schema={valueSchema}
          path={join(path, key)}
          label={key}
          value={item}
          onChange={(next) => onChange({ ...record, [key]: next })}
        />
      ))}
    </Group>
  );
}

function ImageField({ schema, path, label, value, onChange }: FieldProps) {
  const { pickImage } = useContext(Context);
  const image = isRecord(value) ? value : {};
  const src = typeof image.src === 'string' ? image.src : '';
  return (
    <Group
      label={label}
      path={path}
      actions={
        pickImage && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() =>
              void pickImage().then((picked) => {
                if (picked) onChange({ ...image, ...picked });
              })
            }
          >
            Choose from the media library<span className="sr-only"> for {label}</span>
          </button>
        )
      }
    >
      {src && (
        <img src={src} alt="" className="h-24 w-auto rounded border border-slate-200 object-contain" loading="lazy" />
      )}
      <ObjectFields schema={schema} path={path} value={value} onChange={onChange} />
    </Group>
  );
}
