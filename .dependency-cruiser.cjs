/**
 * The package layers, checked in `npm test` (infra/src/layers/layers.test.ts) and by
 * `npm run lint:deps`:
 *
 *   contracts <- platform <- {ai-client, crisis} <- {command, query, ai-worker} <- infra
 *   frontend <- contracts only
 *
 * ai-client and crisis are the packages the command service and the AI worker share (a
 * package that two services need is its own package); command, query and ai-worker never
 * import each other. Only infra composes processes. Test helpers that need the composed
 * services live in @reflections/testing, which test code (and only test code) imports.
 * Inside the command and query services and the frontend, a feature folder never imports
 * another feature: the shared piece goes to a shared place, the composition to the app
 * (a test may compose features, as the app does).
 */

/** Test code: test files, and the helpers beside them that only tests import. */
const TEST_CODE = '(\\.test\\.tsx?$|/testing/|-testing\\.ts$|^frontend/e2e/)';

/** The three services that may not import one another. */
const SERVICES = ['command', 'query', 'ai-worker'];

/**
 * Folders of a service's src that are its shared plumbing, not features: `plumbing` on both sides,
 * `projection-engine` and `migrations` on the query side.
 */
const NOT_FEATURES = ['plumbing', 'projection-engine', 'migrations', 'testing'];

const featureRule = (root) => ({
  name: `no-feature-to-feature-${root.replace(/[^a-z]+/g, '-').replace(/-$/, '')}`,
  comment: `A feature folder of ${root} imports another feature: move the shared piece to a shared place (contracts, platform, the service's shared folder, components/lib) or the composition to the app.`,
  severity: 'error',
  from: { path: `^${root}([^/]+)/`, pathNot: [`^${root}(${NOT_FEATURES.join('|')})/`, TEST_CODE] },
  to: { path: `^${root}([^/]+)/`, pathNot: [`^${root}($1|${NOT_FEATURES.join('|')})/`] },
});

module.exports = {
  forbidden: [
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'contracts holds the io-ts codecs everyone shares: it depends on no other package of the repository.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(services|infra|testing|frontend)/' },
    },
    {
      name: 'platform-is-plumbing',
      comment:
        'services/platform knows nothing about features or services: it imports contracts only (its tests may use @reflections/testing).',
      severity: 'error',
      from: { path: '^services/platform/', pathNot: TEST_CODE },
      to: { path: '^(services/(?!platform/)|infra/|testing/|frontend/)' },
    },
    {
      name: 'shared-service-packages-stay-below-the-services',
      comment:
        'ai-client and crisis are shared by the command service and the AI worker: they import contracts and platform only, not each other.',
      severity: 'error',
      from: { path: '^services/(ai-client|crisis)/', pathNot: TEST_CODE },
      to: { path: '^(services/(?!platform/|$1/)|infra/|testing/|frontend/)' },
    },
    {
      name: 'no-service-imports-another-service',
      comment: `${SERVICES.join(', ')} never import one another (nor infra): a piece two of them need is its own package, and only infra composes.`,
      severity: 'error',
      from: { path: `^services/(${SERVICES.join('|')})/` },
      to: { path: `^(services/(${SERVICES.join('|')})/|infra/|frontend/)`, pathNot: '^services/$1/' },
    },
    {
      name: 'only-test-code-imports-the-testing-package',
      comment: '@reflections/testing composes the services for tests; production code never imports it.',
      severity: 'error',
      from: { path: '^(services|contracts)/', pathNot: TEST_CODE },
      to: { path: '^testing/' },
    },
    {
      name: 'testing-does-not-import-infra',
      comment:
        'The testing package sits below infra: infra composes processes, tests compose what they need from the services.',
      severity: 'error',
      from: { path: '^testing/' },
      to: { path: '^(infra|frontend)/' },
    },
    {
      name: 'frontend-imports-contracts-only',
      comment: 'The web client shares only the contracts with the backend.',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(services|infra|testing)/' },
    },
    {
      name: 'frontend-shared-code-imports-no-feature',
      comment: 'Flow is one way in the frontend: components and lib -> features -> app.',
      severity: 'error',
      from: { path: '^frontend/src/(components|lib)/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'frontend-features-import-no-app',
      comment:
        "Features do not import the app that composes them (a feature's test may render it inside the app's router).",
      severity: 'error',
      from: { path: '^frontend/src/features/', pathNot: TEST_CODE },
      to: { path: '^frontend/src/app/' },
    },
    ...['services/command/src/', 'services/query/src/', 'frontend/src/features/'].map(featureRule),
    {
      name: 'no-circular-packages',
      comment:
        'A cycle among production modules (test code and type-only imports, which vanish at run time, excluded).',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { pathNot: TEST_CODE, dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
