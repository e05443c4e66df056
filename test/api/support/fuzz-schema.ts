import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request bodies generated from the routes' own zod schemas (through their JSON Schema), then broken on
 * purpose: a field of the wrong type, a field missing, unknown and prototype-polluting keys, or no object
 * at all. Field-specific generators (`fields`) give realistic values where the type alone says little
 * (a question, an e-mail address, a password…).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
}

export type FieldArbitraries = Record<string, fc.Arbitrary<unknown>>;

/** Any JSON value, including the awkward ones (null, huge numbers, nested arrays, empty strings). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uFEFF', '\uD800', 'null', 'true', '[]', '{}', '__proto__'),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

/** Keys that would pollute Object.prototype if a parser merged them naively. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

function stringFor(schema: JsonSchema, maxLength = 60): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'email') return fc.emailAddress();
  const max = Math.min(schema.maxLength ?? maxLength, maxLength);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max, unit: 'grapheme' });
}

/** A valid value for a JSON Schema (the subset zod emits for our request bodies). */
export function arbitraryFromJsonSchema(schema: JsonSchema, fields: FieldArbitraries = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFromJsonSchema(s, fields, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        record[key] = fields[key] ?? arbitraryFromJsonSchema(sub, fields, depth + 1);
      }
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props), noNullPrototype: true });
    }
    case 'array':
      // Small arrays: the PDF route renders every element.
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items, fields, depth + 1) : anyJson, { maxLength: depth > 1 ? 2 : 6 });
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      return fc.integer({ min, max: Math.min(schema.maximum ?? 1000, min + 1000) });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** The JSON Schema of a zod schema as the route receives it (its input). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * A body for a route: valid per its schema (about a third), one field replaced by any JSON value,
 * one field removed, unknown or polluting keys added, or something that is not an object at all.
 */
export function bodyFromSchema(schema: z.ZodType, fields: FieldArbitraries = {}): fc.Arbitrary<unknown> {
  const valid = arbitraryFromJsonSchema(jsonSchemaOf(schema), fields);
  const asObject = valid.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 2,
      arbitrary: fc.tuple(asObject, fc.nat(), anyJson).map(([obj, i, replacement]) => {
        const keys = Object.keys(obj);
        const key = keys[i % Math.max(keys.length, 1)] ?? 'x';
        return { ...obj, [key]: replacement };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(asObject, fc.nat()).map(([obj, i]) => {
        const keys = Object.keys(obj);
        const copy = { ...obj };
        if (keys.length > 0) delete copy[keys[i % keys.length] ?? ''];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(asObject, fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 3 })).map(([obj, extra]) => ({ ...extra, ...obj })),
    },
    { weight: 2, arbitrary: anyJson },
  );
}
