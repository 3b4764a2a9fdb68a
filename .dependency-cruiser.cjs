/**
 * The import rules `npm test` enforces (scripts/dependency-check): the package arrows
 * (demo -> elements -> react -> core, server -> core), the server's layer order, no import circles, and
 * no product code importing test support or the tooling around the packages. Type-only imports count:
 * a type pulled from the wrong layer ties the layers together as much as a value does.
 */

/**
 * The server's layers, lowest first: a file in one may import its own layer and those before it. The
 * composition root (app.ts, index.ts, main.ts) sits above them all. Tests are not bound (below).
 */
const SERVER_LAYERS = [
  'contract', // wire shapes and error codes
  'security', // SSRF guard, file sniffing
  'config', // ServerConfig and its limits
  'storage', // database, encrypted file store, work folders, run identity
  'redaction', // what to redact: detectors, presets, user terms (plain logic, no engine)
  'engines', // engine lifecycles, created from ServerConfig
  'converters', // one module per tool, over the engines
  'auth', // users, tokens, keys
  'jobs', // the one job lifecycle (convert, upload, workflow runs)
  'http', // routes, the only layer that speaks HTTP
];
const SERVER_ROOT = ['app', 'index', 'main'];

/**
 * Tests and what only tests use: fixtures, stories, test helpers (the server's testing/ and *.testing.ts,
 * core's fake provider api/fake-*). Product code never imports them. The layer order binds product code
 * only: a test may assemble any layer of its package (a storage test starts the whole server).
 */
const TEST_SUPPORT = [
  '\\.(test|testing|stories|bench)\\.tsx?$',
  '^packages/[^/]+/src/(testing|fixtures|stories)/',
  '^packages/[^/]+/src/.*/(testing|fixtures|stories)/',
  '^packages/core/src/api/fake-',
];

/** Where each package may not import from (`demo -> elements -> react -> core`, `server -> core`). */
const PACKAGE_ARROWS = [
  { from: 'core', mayNotImport: ['packages/react', 'packages/elements', 'packages/server', 'demo'] },
  { from: 'react', mayNotImport: ['packages/elements', 'packages/server', 'demo'] },
  { from: 'elements', mayNotImport: ['packages/server', 'demo'] },
  { from: 'server', mayNotImport: ['packages/react', 'packages/elements', 'demo'] },
];

const packageRules = [
  ...PACKAGE_ARROWS.map(({ from, mayNotImport }) => ({
    name: `${from}-imports-against-the-arrows`,
    comment: `${from} may not import ${mayNotImport.join(', ')}: dependencies point demo -> elements -> react -> core, server -> core`,
    severity: 'error',
    from: { path: `^packages/${from}/` },
    to: { path: `^(${mayNotImport.join('|')})/` },
  })),
  {
    name: 'demo-imports-the-server',
    comment: 'demo runs in the browser and talks to the server over HTTP only',
    severity: 'error',
    from: { path: '^demo/' },
    to: { path: '^packages/server/' },
  },
  {
    name: 'package-imports-another-package-inside',
    comment:
      'a package imports another one by its name (@docstudio/x), which resolves to its entry, src/index.ts',
    severity: 'error',
    from: { path: '^(packages/[^/]+|demo)/' },
    to: { path: '^(packages/[^/]+|demo)/', pathNot: ['^$1/', '^packages/[^/]+/src/index\\.ts$'] },
  },
  {
    name: 'package-imports-tooling',
    comment:
      'the packages stand alone: .storybook, tests, bench and scripts import them, never the other way (shared story helpers live in packages/react/src/stories)',
    severity: 'error',
    from: { path: '^(packages|demo)/' },
    to: { path: '^(\\.storybook|tests|bench|scripts)/' },
  },
];

const serverLayerRules = SERVER_LAYERS.map((layer, index) => {
  const above = SERVER_LAYERS.slice(index + 1);
  return {
    name: `server-${layer}-imports-upward`,
    comment: `server/${layer} may import ${index === 0 ? 'its own layer only' : `its own layer and those below it: ${SERVER_LAYERS.slice(0, index).join(', ')}`}`,
    severity: 'error',
    from: { path: `^packages/server/src/${layer}/`, pathNot: TEST_SUPPORT },
    to: {
      path: [
        `^packages/server/src/(${above.join('|')})/`,
        `^packages/server/src/(${SERVER_ROOT.join('|')})\\.ts$`,
      ],
      pathNot: TEST_SUPPORT,
    },
  };
});

const serverPlacementRule = {
  name: 'server-module-outside-the-layers',
  comment: `every server module sits in a layer (${SERVER_LAYERS.join(', ')}), in testing/, or is app.ts, index.ts or main.ts: a new folder takes its place in SERVER_LAYERS first`,
  severity: 'error',
  from: {
    path: '^packages/server/src/',
    pathNot: [
      `^packages/server/src/(${[...SERVER_LAYERS, 'testing'].join('|')})/`,
      `^packages/server/src/(${SERVER_ROOT.join('|')})\\.ts$`,
    ],
  },
  to: {},
};

const testSupportRules = [
  {
    name: 'product-imports-test-support',
    comment: 'product code never imports tests, fixtures, test helpers or stories',
    severity: 'error',
    from: { path: '^(packages/[^/]+/src|demo/src)/', pathNot: TEST_SUPPORT },
    to: { path: TEST_SUPPORT },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import circle: the modules on it can only be understood, tested and loaded together',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import the check cannot resolve would escape every rule above',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...packageRules,
    ...serverLayerRules,
    serverPlacementRule,
    ...testSupportRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    // In the repository, @docstudio/* resolve to their sources through tsconfig.base.json `paths` (their
    // package.json exports name the npm build, dist/). A tree without a tsconfig (the check's own test)
    // resolves them by their exports.
    ...(require('node:fs').existsSync('tsconfig.json') ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|test-results|\\.scratch)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'module', 'browser', 'default', 'types', 'node'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
