// The page beside the form (issue 31, item 1): the draft on screen drawn as the page reads, from the form's own
// text, so it follows every keystroke without waiting for a save. Headings as headings, paragraphs, Markdown
// rendered (markdown-preview.tsx: no HTML, no unsafe links), images, prices and lists; fields only a developer
// changes are left out, as the page does not show them. Clicking a text focuses its field in the form.
import type { MouseEvent } from 'react';
import type { z } from 'zod';
import { renderMarkdown } from './markdown-preview';
import { elementOf, innerOf, isRecord, kindOf, labelOf, metaOf, optionsOf, shapeOf, unionIndex } from './schema-walk';

export const DRAFT_PREVIEW_BANNER = 'Draft preview — not published';

interface Props {
  schema: z.ZodType;
  path: string;
  label: string;
  value: unknown;
  depth: number;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const HEADING = /heading|title|name|question|region|eyebrow/i;

function Part({ schema, path, label, value, depth }: Props) {
  if (metaOf(schema).advanced) return null;
  const kind = kindOf(schema);
  switch (kind) {
    case 'object': {
      const shape = shapeOf(schema);
      const object = isRecord(value) ? value : {};
      return (
        <div className={depth === 1 ? 'space-y-2 border-t border-slate-200 pt-4' : 'space-y-2'}>
          {Object.entries(shape).map(([key, field]) => (
            <Part
              key={key}
              schema={field}
              path={join(path, key)}
              label={labelOf(field, key)}
              value={object[key]}
              depth={depth + 1}
            />
          ))}
        </div>
      );
    }
    case 'optional': {
      const inner = innerOf(schema);
      return inner && value !== undefined ? (
        <Part schema={inner} path={path} label={label} value={value} depth={depth} />
      ) : null;
    }
    case 'union': {
      const option = optionsOf(schema)[unionIndex(schema, value)];
      return option ? <Part schema={option} path={path} label={label} value={value} depth={depth} /> : null;
    }
    case 'list': {
      const element = elementOf(schema);
      const items = Array.isArray(value) ? value : [];
      if (!element) return null;
      const plain = !['object', 'image', 'union'].includes(kindOf(element));
      return plain ? (
        <ul className="ml-5 list-disc space-y-1">
          {items.map((item, index) => (
            <li key={index}>
              <Part schema={element} path={join(path, index)} label={label} value={item} depth={depth + 1} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {items.map((item, index) => (
            <div key={index} className="space-y-2 rounded-md border border-slate-200 bg-white p-3 shadow-sm">
              <Part schema={element} path={join(path, index)} label={label} value={item} depth={depth + 1} />
            </div>
          ))}
        </div>
      );
    }
    case 'record': {
      const valueSchema = (schema as unknown as { _zod: { def: { valueType: z.ZodType } } })._zod.def.valueType;
      const record = isRecord(value) ? value : {};
      return (
        <div className="space-y-2">
          {Object.entries(record).map(([key, item]) => (
            <Part key={key} schema={valueSchema} path={join(path, key)} label={key} value={item} depth={depth + 1} />
          ))}
        </div>
      );
    }
    case 'image': {
      const image = isRecord(value) ? value : {};
      return typeof image.src === 'string' && image.src ? (
        <img
          src={image.src}
          alt={typeof image.alt === 'string' ? image.alt : ''}
          data-preview-field={join(path, 'alt')}
          className="max-h-48 w-auto rounded"
          loading="lazy"
        />
      ) : null;
    }
    case 'choice':
    case 'id':
    case 'date':
    case 'unknown':
      return null;
    default:
      break;
  }
  const text = value === undefined || value === null ? '' : String(value);
  if (!text) return null;
  if (kind === 'markdown')
    return (
      <div
        data-preview-field={path}
        // The form's own Markdown, rendered without HTML and unsafe links (markdown-preview.tsx).
        dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
        className="[&_a]:text-brand-700 [&_a]:underline [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
      />
    );
  if (kind === 'link')
    return (
      <span data-preview-field={path} className="inline-block text-sm text-brand-700 underline">
        {text}
      </span>
    );
  if (kind === 'price')
    return (
      <p data-preview-field={path} className="text-2xl font-bold">
        {text}
      </p>
    );
  if (kind === 'text' && HEADING.test(label))
    return (
      <p data-preview-field={path} className={depth <= 2 ? 'text-2xl font-bold' : 'text-lg font-semibold'}>
        {text}
      </p>
    );
  return (
    <p data-preview-field={path} className="text-slate-800">
      {text}
    </p>
  );
}

export function PagePreview({
  title,
  schema,
  value,
  onFocusField,
}: {
  title: string;
  schema: z.ZodType;
  value: unknown;
  /** A text of the preview was clicked: its field's path. */
  onFocusField: (path: string) => void;
}) {
  // One listener for every text: the field of the clicked one is focused; a link in the preview goes nowhere.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a')) event.preventDefault();
    const field = target.closest<HTMLElement>('[data-preview-field]')?.dataset.previewField;
    if (field) onFocusField(field);
  };
  return (
    <div className="overflow-hidden rounded-md border border-slate-300 bg-slate-50">
      <p className="bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950">{DRAFT_PREVIEW_BANNER}</p>
      <div
        data-testid="page-preview"
        onClick={onClick}
        title="Click a text to edit it"
        className="space-y-3 p-4 text-slate-900 [&_[data-preview-field]]:cursor-pointer [&_[data-preview-field]:hover]:outline [&_[data-preview-field]:hover]:outline-2 [&_[data-preview-field]:hover]:outline-brand-600"
      >
        <p className="text-xs uppercase tracking-wide text-slate-600">{title}</p>
        <Part schema={schema} path="" label={title} value={value} depth={0} />
      </div>
    </div>
  );
}
