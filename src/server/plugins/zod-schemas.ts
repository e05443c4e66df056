import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Route schemas are the zod contracts of src/common/api: `schema.body` / `schema.querystring` validate the
 * request (a refusal is answered by the errors plugin with the route's French message, see
 * `InvalidRequestReplies`), `schema.response` serialises the reply. Set once on the app, before the routes.
 */
export function setZodSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
