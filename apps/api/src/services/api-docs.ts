// Renders the OpenAPI document as one HTML page: each operation with its parameters, body and answers.
// Server-side and script-free, so it needs nothing but the page and its stylesheet.

type Json = Record<string, unknown>;

const esc = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `code` spans for the backticked parts of a description. */
const prose = (text: unknown) => (typeof text === 'string' ? esc(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

class Renderer {
  constructor(private readonly doc: Json) {}

  private resolve(schema: unknown): Json {
    let current = isObject(schema) ? schema : {};
    for (let depth = 0; typeof current.$ref === 'string' && depth < 10; depth++) {
      const name = current.$ref.split('/').pop() ?? '';
      const components = isObject(this.doc.components) ? this.doc.components : {};
      const schemas = isObject(components.schemas) ? components.schemas : {};
      current = isObject(schemas[name]) ? schemas[name] : {};
    }
    return current;
  }

  /** A one-line description of a schema's type and limits. */
  type(raw: unknown, depth = 0): string {
    const schema = this.resolve(raw);
    const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (Array.isArray(variants)) return variants.map((v) => this.type(v, depth)).join(' | ');
    if (Array.isArray(schema.allOf)) return schema.allOf.map((v) => this.type(v, depth)).join(' & ');
    if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    if ('const' in schema) return JSON.stringify(schema.const);
    const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
    const limits: string[] = [];
    if (typeof schema.format === 'string') limits.push(schema.format);
    if (typeof schema.minLength === 'number' && schema.minLength > 0) limits.push(`≥ ${schema.minLength} chars`);
    if (typeof schema.maxLength === 'number') limits.push(`≤ ${schema.maxLength} chars`);
    if (typeof schema.minimum === 'number') limits.push(`≥ ${schema.minimum}`);
    if (typeof schema.maximum === 'number') limits.push(`≤ ${schema.maximum}`);
    if (type === 'array' && schema.items) return `array of ${this.type(schema.items, depth)}`;
    if (type === 'object' && isObject(schema.properties) && depth > 0) return 'object';
    return limits.length > 0 ? `${type} (${limits.join(', ')})` : type;
  }

  /** Rows for an object's properties; other schemas become one row. */
  fields(raw: unknown, depth = 0): string {
    const schema = this.resolve(raw);
    if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => this.fields(part, depth)).join('');
    const properties = isObject(schema.properties) ? schema.properties : null;
    if (!properties) {
      return `<tr><td>—</td><td>${esc(this.type(schema, depth))}</td><td></td><td>${prose(schema.description)}</td></tr>`;
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    return Object.entries(properties)
      .map(([name, value]) => {
        const property = this.resolve(value);
        const nested =
          isObject(property.properties) && depth < 2 ? `<table>${this.fields(property, depth + 1)}</table>` : '';
        return `<tr><td><code>${esc(name)}</code></td><td>${esc(this.type(property, depth + 1))}</td><td>${
          required.has(name) ? 'required' : ''
        }</td><td>${prose(property.description)}${nested}</td></tr>`;
      })
      .join('');
  }

  table(rows: string) {
    return `<table><thead><tr><th>name</th><th>type</th><th></th><th>about</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  operation(method: string, path: string, op: Json): string {
    const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
    const parts = [
      `<section class="op" id="${esc(id)}"><h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`,
    ];
    if (op.summary) parts.push(`<p>${prose(op.summary)}</p>`);
    if (Array.isArray(op.security) && op.security.length > 0) {
      parts.push('<p class="auth">Needs <code>Authorization: Bearer &lt;access token&gt;</code></p>');
    }
    const parameters = Array.isArray(op.parameters) ? (op.parameters as Json[]) : [];
    if (parameters.length > 0) {
      const rows = parameters
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code> (${esc(p.in)})</td><td>${esc(this.type(p.schema))}</td><td>${
              p.required ? 'required' : ''
            }</td><td>${prose(p.description ?? this.resolve(p.schema).description)}</td></tr>`,
        )
        .join('');
      parts.push(`<h4>Parameters</h4>${this.table(rows)}`);
    }
    const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : null;
    if (body) {
      const types = Object.keys(body);
      const first = body[types[0] ?? ''];
      parts.push(
        `<h4>Body</h4><p>${types.map((t) => `<code>${esc(t)}</code>`).join(' or ')}</p>`,
        this.table(this.fields(isObject(first) ? first.schema : {})),
      );
    }
    const responses = isObject(op.responses) ? op.responses : {};
    parts.push('<h4>Answers</h4><dl>');
    for (const [status, value] of Object.entries(responses)) {
      const response = isObject(value) ? value : {};
      const content = isObject(response.content) ? response.content : {};
      const [type, media] = Object.entries(content)[0] ?? [];
      const schema = isObject(media) ? media.schema : undefined;
      const detail =
        type === 'application/json' && schema
          ? `<code>${esc(this.type(schema))}</code>`
          : type
            ? `<code>${esc(type)}</code>`
            : '';
      parts.push(`<dt>${esc(status)}</dt><dd>${prose(response.description)} ${detail}`);
      if (type === 'application/json' && status.startsWith('2') && isObject(this.resolve(schema).properties)) {
        parts.push(this.table(this.fields(schema)));
      }
      parts.push('</dd>');
    }
    parts.push('</dl></section>');
    return parts.join('');
  }

  page(options: { stylesheet: string; documentPath: string }): string {
    const info = isObject(this.doc.info) ? this.doc.info : {};
    const paths = isObject(this.doc.paths) ? this.doc.paths : {};
    const byTag = new Map<string, string[]>();
    const index = new Map<string, string[]>();
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other';
        if (!byTag.has(tag)) {
          byTag.set(tag, []);
          index.set(tag, []);
        }
        byTag.get(tag)?.push(this.operation(method, path, op));
        const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
        index.get(tag)?.push(`<li><a href="#${esc(id)}">${esc(method.toUpperCase())} ${esc(path)}</a></li>`);
      }
    }
    const nav = [...index].map(([tag, items]) => `<li>${esc(tag)}<ul>${items.join('')}</ul></li>`).join('');
    const sections = [...byTag]
      .map(([tag, ops]) => `<section><h2 id="tag-${esc(tag)}">${esc(tag)}</h2>${ops.join('')}</section>`)
      .join('');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(info.title)} reference</title>
<link rel="stylesheet" href="${esc(options.stylesheet)}"></head>
<body><header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${prose(info.description)}</p>
<p>Machine-readable: <a href="${esc(options.documentPath)}">${esc(options.documentPath)}</a> (OpenAPI ${esc(this.doc.openapi)}).</p></header>
<nav aria-label="Operations"><ul>${nav}</ul></nav><main>${sections}</main></body></html>
`;
  }
}

/** The reference page for an OpenAPI document. */
export function renderApiDocs(doc: Json, options: { stylesheet: string; documentPath: string }): string {
  return new Renderer(doc).page(options);
}

export const API_DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;display:grid;grid-template-columns:18rem 1fr}
header{grid-column:1/-1;padding:1rem 2rem;background:#0f172a;color:#fff}header a{color:#bfdbfe}
nav{padding:1rem;border-right:1px solid #ddd;font-size:13px;position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto}
nav ul{list-style:none;padding-left:.75rem;margin:.25rem 0}main{padding:1rem 2rem;min-width:0}
.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}.auth{color:#7c2d12}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;background:#334155;font-size:13px}
.get{background:#1d4ed8}.post{background:#15803d}.put,.patch{background:#854d0e}.delete{background:#b91c1c}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-top:1px solid #eee;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{background:#f1f5f9;padding:0 .2rem;border-radius:3px}dt{font-weight:600}
@media (max-width:50rem){body{display:block}nav{position:static;max-height:none}}
`;
