import type { ApiRoute } from '@reflections/contracts/api-routes';
import { type JsonSchema, toJsonSchema } from '@reflections/contracts/json-schema';
import { ErrorBody } from '@reflections/contracts/validation';
import { SESSION_COOKIE } from '@reflections/platform/session/session-middleware';

type Operation = Record<string, unknown>;

/** What each error status means here; every one carries the shared error body. */
const ERROR_MEANINGS: Readonly<Record<number, string>> = {
  400: 'Bad input: `fields` names each field that was refused, with its message',
  401: 'Not signed in',
  403: 'Signed in but not an admin, or a write not sent as JSON from the app’s own origin',
  404: 'Nothing by that id (a path id that is not a UUID names nothing)',
  409: 'Refused in the current state, a concurrent change, or a retry whose first request is still running',
  422: 'This Idempotency-Key was already used for a different request',
  502: 'The deploy hook failed',
  503: 'A dependency (database, event store or AI worker) is unavailable: retry after Retry-After seconds',
};

const CALLERS: Readonly<Record<ApiRoute['caller'], string>> = {
  visitor: 'anyone, signed in or not.',
  member: 'a signed-in member (admins too).',
  admin: 'an admin.',
};

/** `/api/forum/posts/:postId` -> `/api/forum/posts/{postId}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const properties = (schema: JsonSchema) =>
  Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {});
const requiredOf = (schema: JsonSchema) => new Set((schema.required as string[] | undefined) ?? []);

function parameters(route: ApiRoute) {
  const pathSchema = route.params ? toJsonSchema(route.params) : {};
  const named = new Map(properties(pathSchema));
  const inPath = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: named.get(name) ?? { type: 'string' },
  }));
  const querySchema = route.query ? toJsonSchema(route.query) : {};
  const required = requiredOf(querySchema);
  const inQuery = properties(querySchema).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  const idempotency = route.idempotent
    ? [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'A retry with the same key within 24 hours gets the first answer and appends nothing.',
          schema: { type: 'string', pattern: '^[\\w-]{8,128}$' },
        },
      ]
    : [];
  return [...inPath, ...inQuery, ...idempotency];
}

export function errorStatuses(route: ApiRoute): number[] {
  const refusable =
    route.body !== undefined || route.query !== undefined || route.params !== undefined || route.method !== 'get';
  // Any write is refused unless sent as JSON from the app's own origin (403), and may meet a concurrent change (409).
  const writes = route.method === 'get' ? [] : [403, 409];
  const statuses = new Set([
    ...(refusable ? [400] : []),
    ...(route.caller === 'visitor' ? [] : [401]),
    ...(route.caller === 'admin' ? [403] : []),
    ...writes,
    ...(route.idempotent ? [422] : []),
    ...route.errors,
    503,
  ]);
  return [...statuses].sort((a, b) => a - b);
}

function successContent(route: ApiRoute) {
  const contentType = route.response.contentType ?? 'application/json';
  const schema =
    contentType === 'application/json'
      ? route.response.codec
        ? toJsonSchema(route.response.codec)
        : { type: 'object' }
      : { type: 'string' };
  return { [contentType]: { schema } };
}

function operation(route: ApiRoute): Operation {
  const responses: Record<string, unknown> = {
    [route.response.status]: { description: route.summary, content: successContent(route) },
  };
  for (const status of errorStatuses(route)) responses[status] = { $ref: `#/components/responses/Error${status}` };
  const params = parameters(route);
  return {
    operationId: `${route.method}${route.path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    description: `Who may call it: ${CALLERS[route.caller]}${route.callsAi ? ' Waits for the AI worker.' : ''}`,
    tags: [route.path.split('/')[2]],
    'x-role': route.caller,
    'x-service': route.service,
    ...(route.callsAi ? { 'x-calls-ai': true } : {}),
    // A visitor route reads the session when there is one; the others need it.
    security: route.caller === 'visitor' ? [{}, { session: [] }] : [{ session: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toJsonSchema(route.body),
                ...(route.example ? { example: route.example } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of these routes, generated from their codecs. */
export function openApiDocument(routes: readonly ApiRoute[]) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route);
  const statuses = [...new Set(routes.flatMap(errorStatuses))].sort((a, b) => a - b);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reflections API',
      version: '1',
      description:
        'Every route under /api. Writing calls go to the command service, reads to the query service; both sit behind one origin. Generated from the route table and the io-ts codecs in contracts/.',
    },
    paths,
    components: {
      schemas: { ErrorBody: toJsonSchema(ErrorBody) },
      responses: Object.fromEntries(
        statuses.map((status) => [
          `Error${status}`,
          {
            description: ERROR_MEANINGS[status] ?? `Error ${status}`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        ]),
      ),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by /api/auth/register and /api/auth/login.',
        },
      },
    },
  };
}
