/**
 * Layering rules for Plumb (run with `npm run lint:layers`, part of `.ci/run`).
 *
 * Layers, bottom-up: core, geometry -> suites (each on its own; only
 * suites/catalog.ts sees them all) -> models, store -> eval (the runner) ->
 * report -> cli. Each rule below forbids one edge that would break that order.
 */
/** Test files: they may cross the suite rules below (fixtures, the CLI's readers, the catalog). */
const TEST = "\\.test\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-is-the-bottom",
      severity: "error",
      comment: "src/core is shared by everything; it imports no suite, runner, model, report, store or CLI code.",
      from: { path: "^src/core/" },
      to: { path: "^src/(suites|eval|models|report|store|cli|sandbox)/" },
    },
    {
      name: "suite-imports-no-other-suite",
      severity: "error",
      comment:
        "A suite (src/suites/<suite>/) may import core, geometry and itself, never another suite; src/suites/catalog.ts is the one place that knows every suite.",
      // Tests may reach further (a burr test reads files with the CLI's reader, the SCBench answer
      // test walks the catalog).
      from: { path: "^src/suites/([^/]+)/", pathNot: TEST },
      to: { path: "^src/suites/", pathNot: ["^src/suites/$1/"] },
    },
    {
      name: "suite-imports-only-core-and-geometry",
      severity: "error",
      comment: "Suites build on core and geometry only: no runner, models, store, report or CLI.",
      from: { path: "^src/suites/", pathNot: TEST },
      to: { path: "^src/(eval|models|report|store|cli)/" },
    },
    {
      name: "only-the-catalog-knows-suites",
      severity: "error",
      comment:
        "Outside src/suites, tasks are reached through the registry: src/suites/catalog.ts is the one suite module other layers (and the library entry) may import.",
      from: { path: "^src/(?!suites/)", pathNot: TEST },
      to: { path: "^src/suites/", pathNot: "^src/suites/catalog\\.ts$" },
    },
    {
      name: "geometry-imports-no-suite",
      severity: "error",
      comment: "src/geometry is a library for suites; it never reaches back into them.",
      from: { path: "^src/geometry/" },
      to: { path: "^src/(suites|eval|models|report|store|cli)/" },
    },
    {
      name: "sandbox-imports-only-core",
      severity: "error",
      comment:
        "src/sandbox runs untrusted Python (ComBench's verifiers, the python tool); it builds on core alone and knows no task, runner or model.",
      from: { path: "^src/sandbox/" },
      to: { path: "^src/(?!core/|sandbox/)" },
    },
    {
      name: "store-imports-no-runner",
      severity: "error",
      comment: "The store keeps runs; it must not depend on the runner (src/eval) that writes them.",
      from: { path: "^src/store/" },
      to: { path: "^src/(eval|report|cli)/" },
    },
    {
      name: "runner-imports-no-report",
      severity: "error",
      comment: "The runner (src/eval) produces results; reporting them (src/report) sits on top.",
      from: { path: "^src/eval/" },
      to: { path: "^src/(report|cli)/" },
    },
    {
      name: "models-know-no-tasks",
      severity: "error",
      comment:
        "src/models talks to model endpoints; it knows no task or suite (built-in solvers live in src/eval/agents.ts) and nothing of the runner or reports.",
      from: { path: "^src/models/" },
      to: { path: ["^src/suites/", "^src/(eval|report|store|cli)/", "^src/core/(task|registry)\\.ts$"] },
    },
    {
      name: "viewer-sits-beside-the-cli",
      severity: "error",
      comment:
        "src/view (the web viewer's server) reads the store, reports and tasks; it never reaches the CLI or model endpoints.",
      from: { path: "^src/view/", pathNot: TEST },
      to: { path: "^src/(cli|models)/" },
    },
    {
      name: "only-the-cli-starts-the-viewer",
      severity: "error",
      comment: "Nothing of Plumb's library imports the viewer's server: only the CLI (and the library entry) do.",
      from: { path: "^src/", pathNot: ["^src/(view|cli)/", "^src/index\\.ts$", TEST] },
      to: { path: "^src/view/" },
    },
    {
      name: "service-imports-core-pool-and-catalog",
      severity: "error",
      comment:
        "src/serve (the reward service, `plumb serve`) builds on core, the checker pool (src/eval/pool) and the catalog; never the CLI, viewer, models, store, reports or the rest of the runner.",
      from: { path: "^src/serve/", pathNot: TEST },
      to: { path: "^src/(?!core/|eval/pool/|serve/|suites/catalog\\.ts$)" },
    },
    {
      name: "web-app-reads-only-the-api",
      severity: "error",
      comment:
        "The browser app (web/src) knows the server only by its API contract (src/view/api.ts, play-api.ts) and the report's types and number formats: no Node code.",
      from: { path: "^web/src/" },
      to: {
        path: "^src/",
        pathNot: ["^src/view/(api|play-api)\\.ts$", "^src/report/(format|report|compare|paper-table|analysis)\\.ts$"],
      },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles, type-only ones included: a cycle hides which module a piece belongs to.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports are still dependencies between layers: check them too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".js", ".cjs", ".mjs", ".json"],
    },
  },
};
