import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
/** What `npm run lint:deps` cruises. */
const SOURCES = ['contracts/src', 'services', 'testing/src', 'infra/src', 'frontend/src', 'frontend/e2e'];

type Violation = { from: string; to: string; rule: { name: string; severity: string } };
type Module = { source: string; dependencies: { module: string }[] };
type Cruise = { modules: Module[]; summary: { violations: Violation[] } };

/** dependency-cruiser is ESM-only, which jest's CommonJS mode cannot load: it runs as its own process. */
function cruise(cwd: string, sources: string[]): Cruise {
  let output: string;
  try {
    output = execFileSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...sources], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its report is on stdout all the same.
    output = (error as { stdout?: string }).stdout ?? '';
    if (!output) throw error;
  }
  return JSON.parse(output) as Cruise;
}

/** Test code and the tools only developers run (the bench) may use what a package declares for development. */
const DEVELOPMENT_CODE = /(\.test\.tsx?$|\/testing\/|-testing\.ts$|^frontend\/e2e\/|^infra\/src\/bench\/)/;

/** Imports of another workspace package that its package.json does not declare ("workspace (test) -> package"). */
function undeclaredImports(modules: Module[]): string[] {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const workspaces: string[] = read('package.json').workspaces;
  const manifests = new Map(
    workspaces.map((workspace) => [
      workspace,
      read(`${workspace}/package.json`) as { name: string; dependencies?: object; devDependencies?: object },
    ]),
  );
  const undeclared = new Set<string>();
  for (const module of modules) {
    const workspace = workspaces
      .filter((w) => module.source.startsWith(`${w}/`))
      .sort((a, b) => b.length - a.length)[0];
    if (!workspace) continue;
    const manifest = manifests.get(workspace)!;
    const development = DEVELOPMENT_CODE.test(module.source);
    for (const { module: specifier } of module.dependencies) {
      const name = /^@reflections\/[^/]+/.exec(specifier)?.[0];
      if (
        !name ||
        name === manifest.name ||
        name in (manifest.dependencies ?? {}) ||
        (development && name in (manifest.devDependencies ?? {}))
      )
        continue;
      undeclared.add(`${workspace} (${development ? 'development' : 'production'}) -> ${name}`);
    }
  }
  return [...undeclared].sort();
}

const shown = (violations: Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe('the package layers (.dependency-cruiser.cjs)', () => {
  let repository: Cruise;
  beforeAll(() => {
    repository = cruise(ROOT, SOURCES);
  });

  it('holds in the repository: no service imports another, only infra composes, features stay apart', () => {
    // None is allow-listed (no knownViolations): every one fails.
    expect(shown(repository.summary.violations)).toEqual([]);
  });

  it('finds every package of ours a workspace imports declared in its package.json (test code: in devDependencies at least)', () => {
    expect(undeclaredImports(repository.modules)).toEqual([]);
  });

  describe('on a small tree that breaks each rule once', () => {
    let dir: string;
    let violations: Violation[];
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    const importing = (...specifiers: string[]) =>
      specifiers
        .map((specifier, i) => `import * as m${i} from '${specifier}';\nexport const u${i} = m${i};\n`)
        .join('') || 'export const x = 1;\n';

    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
      write(
        'tsconfig.json',
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            allowImportingTsExtensions: true,
            noEmit: true,
          },
        }),
      );
      write('contracts/src/codec.ts', importing('../../services/platform/src/plumbing.ts'));
      write('services/platform/src/plumbing.ts', importing('../../command/src/app.ts'));
      write('services/crisis/src/check.ts', importing('../../ai-client/src/client.ts'));
      write('services/ai-client/src/client.ts', importing());
      write('services/command/src/app.ts', importing('../../query/src/app.ts', '../../../testing/src/backend.ts'));
      write(
        'services/command/src/forum/routes.ts',
        importing('../auth/store.ts', '../../../crisis/src/check.ts', '../../../ai-client/src/client.ts'),
      );
      write(
        'services/command/src/forum/routes.test.ts',
        importing('../auth/store.ts', '../../../../testing/src/backend.ts', '../../../ai-worker/src/worker.ts'),
      );
      write('services/command/src/auth/store.ts', importing());
      write('services/query/src/app.ts', importing());
      write('services/query/src/journal/projection.ts', importing('../member/stats.ts'));
      write('services/query/src/member/stats.ts', importing());
      write('services/query/src/infra/one.ts', importing('./two.ts'));
      write('services/query/src/infra/two.ts', importing('./one.ts'));
      write(
        'services/ai-worker/src/worker.ts',
        importing('../../ai-client/src/client.ts', '../../crisis/src/check.ts'),
      );
      write('testing/src/backend.ts', importing('../../infra/src/main.ts'));
      write(
        'infra/src/main.ts',
        importing(
          '../../services/command/src/forum/routes.ts',
          '../../services/query/src/app.ts',
          '../../services/ai-worker/src/worker.ts',
        ),
      );
      write('frontend/src/main.tsx', importing('../../services/platform/src/plumbing.ts'));
      write('frontend/src/lib/hook.ts', importing('../features/forum/page.tsx'));
      write('frontend/src/app/router.tsx', importing('../features/journal/page.tsx'));
      write('frontend/src/features/forum/page.tsx', importing('../../app/router.tsx', '../journal/page.tsx'));
      write('frontend/src/features/forum/page.test.tsx', importing('../../app/router.tsx', '../journal/page.tsx'));
      write('frontend/src/features/journal/page.tsx', importing());
      violations = cruise(dir, ['contracts', 'services', 'testing', 'infra', 'frontend']).summary.violations;
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('reports exactly the forbidden imports, by rule', () => {
      expect(shown(violations).sort()).toEqual(
        [
          'contracts-import-nothing-of-ours: contracts/src/codec.ts -> services/platform/src/plumbing.ts',
          'platform-is-plumbing: services/platform/src/plumbing.ts -> services/command/src/app.ts',
          'shared-service-packages-stay-below-the-services: services/crisis/src/check.ts -> services/ai-client/src/client.ts',
          'no-service-imports-another-service: services/command/src/app.ts -> services/query/src/app.ts',
          'no-service-imports-another-service: services/command/src/forum/routes.test.ts -> services/ai-worker/src/worker.ts',
          'only-test-code-imports-the-testing-package: services/command/src/app.ts -> testing/src/backend.ts',
          'no-feature-to-feature-services-command-src: services/command/src/forum/routes.ts -> services/command/src/auth/store.ts',
          'no-feature-to-feature-services-query-src: services/query/src/journal/projection.ts -> services/query/src/member/stats.ts',
          'no-circular-packages: services/query/src/infra/one.ts -> services/query/src/infra/two.ts',
          'testing-does-not-import-infra: testing/src/backend.ts -> infra/src/main.ts',
          'frontend-imports-contracts-only: frontend/src/main.tsx -> services/platform/src/plumbing.ts',
          'frontend-shared-code-imports-no-feature: frontend/src/lib/hook.ts -> frontend/src/features/forum/page.tsx',
          'frontend-features-import-no-app: frontend/src/features/forum/page.tsx -> frontend/src/app/router.tsx',
          'no-feature-to-feature-frontend-src-features: frontend/src/features/forum/page.tsx -> frontend/src/features/journal/page.tsx',
        ].sort(),
      );
    });
  });
});
