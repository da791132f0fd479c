import SwaggerParser from '@apidevtools/swagger-parser';
import { API_ROUTES, type ApiRoute, routeKey } from '@reflections/contracts/api-routes';
import { openApiPath } from '@reflections/query/openapi/openapi-document';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-role'?: string }>>;
};

/** The table's routes the document does not describe. */
const missingFrom = (document: Document, routes: readonly ApiRoute[]) =>
  routes.filter((route) => !document.paths[openApiPath(route.path)]?.[route.method]).map(routeKey);

describe('GET /api/openapi.json', () => {
  let backend: TestBackend;
  let document: Document;
  beforeAll(async () => {
    backend = await backendForTest();
    const response = await backend.query.get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
    document = response.body;
  });
  afterAll(async () => {
    await backend.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('describes every route of the table, with its role and the shared error body', () => {
    expect(missingFrom(document, API_ROUTES)).toEqual([]);
    const reply = document.paths['/api/forum/posts/{postId}/replies'].post;
    expect(reply['x-role']).toBe('member');
    expect(reply.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
  });

  it('names a route the document lacks', () => {
    const { ['/api/contact']: _dropped, ...others } = document.paths;
    expect(missingFrom({ ...document, paths: others }, API_ROUTES)).toEqual(['POST /api/contact']);
  });
});
