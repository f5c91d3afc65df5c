/**
 * Issue 21: the contract's schemas are compiled into validators when a request first needs them, not at start.
 * Fastify compiles every route's schemas (about 200 operations: params, query, body, headers) while it starts,
 * which was the largest part of the cold start (about a second of CPU). This Ajv plugin (Fastify's
 * `ajv.plugins`, given the validator compiler's own Ajv instance) makes that Ajv's `compile` answer a function
 * that compiles the schema on its first call and is that validator from then on: the same schema, the same
 * options, the same Ajv instance and Fastify's own handling around it (headers' names lower-cased, coercion,
 * errors), only later. A schema Ajv refuses is then refused on the first request of its operation (the server
 * tests call every operation) instead of at start.
 */

type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

interface CompilingAjv {
  compile(schema: object, meta?: boolean): unknown;
}

export function compileOnFirstUse<A extends CompilingAjv>(ajv: A): A {
  const compile = ajv.compile.bind(ajv);
  ajv.compile = (schema, meta) => {
    let compiled: Validate | undefined;
    const validator = () => (compiled ??= compile(schema, meta) as Validate);
    const validate: Validate = (data, context) =>
      context === undefined ? validator()(data) : validator()(data, context);
    // What Fastify reads of a validator: `errors` after a refusal; `schemaEnv` (an Ajv validator's), for which it
    // passes the request as the parent of the data so Ajv may replace a coerced value in place.
    Object.defineProperties(validate, {
      errors: { get: () => compiled?.errors, enumerable: true },
      schemaEnv: { get: () => validator().schemaEnv, enumerable: true },
    });
    return validate;
  };
  return ajv;
}
