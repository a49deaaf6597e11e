import { Type, type TLiteral, type TObject, type TProperties, type TUnion, type Static } from '@sinclair/typebox';

/**
 * Every replicated document carries the server's change-feed stamp. `rev` is the server's own
 * increasing number (never the client's clock: checkpoints built on client time lose documents).
 */
export const RevField = { rev: Type.Integer({ minimum: 0 }) };

export interface CollectionDef<P extends TProperties = TProperties> {
  name: string;
  /** Bump when the document shape changes; the client then rebuilds the collection from the server. */
  version: number;
  schema: TObject<P>;
  /** Fields the page queries by; each must be required and bounded for RxDB's index rules. */
  indexes?: (string | string[])[];
}

/* @__NO_SIDE_EFFECTS__ */
export function defineCollection<P extends TProperties>(def: CollectionDef<P>): CollectionDef<P> {
  return def;
}

export type DocOf<C extends CollectionDef> = Static<C['schema']>;

/**
 * Turns a contract schema into an RxDB JSON schema. TypeBox keeps its metadata under symbol keys;
 * a JSON round trip drops them so RxDB sees plain JSON Schema.
 */
export function toRxJsonSchema(def: CollectionDef): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(def.schema)) as Record<string, unknown> & {
    properties: Record<string, Record<string, unknown>>;
  };
  // RxDB requires a bounded primary key.
  plain.properties.id = { ...plain.properties.id, maxLength: 64 };
  const schema: Record<string, unknown> = {
    title: def.name,
    version: def.version,
    primaryKey: 'id',
    type: 'object',
    properties: plain.properties,
    required: plain.required ?? ['id'],
    additionalProperties: false,
  };
  if (def.indexes) schema.indexes = def.indexes;
  return schema;
}

/**
 * One of a fixed list of literals, written as a plain call so that bundlers may drop it unused: the
 * page imports the lists from the same modules, and `list.map(...)` at the top of a module would
 * keep every schema built from it (and TypeBox) in the page's bundle (vite.config.ts treeshake).
 */
/* @__NO_SIDE_EFFECTS__ */
export function LiteralUnion<const T extends readonly (string | number)[]>(values: T): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(values.map((v) => Type.Literal(v)));
}
