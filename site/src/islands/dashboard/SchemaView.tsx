import { t } from '@/i18n';
import {
  collectDefs,
  isNullable,
  nestedObject,
  objectFields,
  resolveSchema,
  schemaRules,
  typeLabel,
  type JsonSchema,
} from './openapi';

const text = t.dashboard.docs;
const MAX_DEPTH = 6;

interface Context {
  components: Record<string, JsonSchema>;
  defs: Record<string, JsonSchema>;
}

function describe(schema: JsonSchema): string | null {
  return typeof schema.description === 'string' ? schema.description : null;
}

/** One field: name, type, required, rules and description, then its own fields indented. */
function FieldRow({
  name,
  required,
  schema,
  context,
  depth,
}: {
  name: string;
  required: boolean;
  schema: JsonSchema;
  context: Context;
  depth: number;
}) {
  const resolve = (node: JsonSchema) => resolveSchema(node, context.components, context.defs);
  const node = resolve(schema);
  const nested = depth < MAX_DEPTH ? nestedObject(node, resolve) : null;
  const rules = schemaRules(node);
  const description = describe(node);
  return (
    <li className="py-1.5">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code dir="ltr" className="font-semibold">
          {name}
        </code>
        <code dir="ltr" className="text-xs text-secondary">
          {typeLabel(node, resolve)}
          {isNullable(node) && !typeLabel(node, resolve).includes('null') ? ' | null' : ''}
        </code>
        <span className={`badge badge-xs ${required ? 'badge-warning' : 'badge-ghost'}`}>
          {required ? text.required : text.optional}
        </span>
        {rules.map((rule) => (
          <span key={rule} className="badge badge-xs badge-outline" dir="auto">
            {rule}
          </span>
        ))}
      </div>
      {description && (
        <p className="text-xs opacity-75" dir="auto">
          {description}
        </p>
      )}
      {nested && <Fields schema={nested} context={context} depth={depth + 1} />}
    </li>
  );
}

function Fields({ schema, context, depth }: { schema: JsonSchema; context: Context; depth: number }) {
  const fields = objectFields(schema);
  if (fields.length === 0) return null;
  return (
    <ul className={`divide-y divide-base-300/60 ${depth > 0 ? 'ms-2 border-s border-base-300 ps-3' : ''}`}>
      {fields.map((field) => (
        <FieldRow key={field.name} {...field} context={context} depth={depth} />
      ))}
    </ul>
  );
}

/**
 * A JSON Schema as a readable tree: an object's fields (nested objects indented under their field),
 * or the type of a non-object schema (e.g. an array of objects lists the item's fields).
 */
export function SchemaView({
  schema,
  components,
}: {
  schema: JsonSchema;
  components: Record<string, JsonSchema>;
}) {
  const context: Context = { components, defs: collectDefs(schema, {}) };
  const resolve = (node: JsonSchema) => resolveSchema(node, context.components, context.defs);
  const root = resolve(schema);
  const object = nestedObject(root, resolve);
  const label = typeLabel(root, resolve);
  return (
    <div className="text-sm" data-testid="schema-view">
      {(!object || label !== 'object') && (
        <code dir="ltr" className="text-xs text-secondary">
          {label}
        </code>
      )}
      {object && <Fields schema={object} context={context} depth={0} />}
    </div>
  );
}
