// Project lint rules: file naming, the import boundaries listed in docs/architecture.md and no import cycles.
import path from 'node:path';
import { cycleThrough, noteSource, resolveRelative } from './import-cycles.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Resolve a relative import against the importing file; bare specifiers stay as they are. */
function resolved(context, source) {
  return source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : source;
}

function onImports(context, check) {
  const visit = (node) => node.source && typeof node.source.value === 'string' && check(node, node.source.value);
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" must be kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

/** A web feature never imports another feature; app/ composes them. */
const featureIsolation = {
  meta: { type: 'problem', schema: [], messages: { cross: 'Feature "{{from}}" must not import feature "{{to}}"; compose them in app/.' } },
  create(context) {
    const m = context.filename.match(/[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/);
    if (!m) return {};
    const from = m[1];
    return onImports(context, (node, source) => {
      const t = resolved(context, source).match(/[\\/]src[\\/]features[\\/]([^\\/]+)/);
      if (t && t[1] !== from) context.report({ node, messageId: 'cross', data: { from, to: t[1] } });
    });
  },
};

/** Server modules use each other only through the other module's index.ts (its public surface); routes hold no SQL. */
const serverModuleBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      index: 'Module "{{from}}" may use module "{{to}}" only through its index.ts (modules/{{to}}/index.js), not "{{file}}".',
      sql: 'Route files hold no SQL: move database access to a repository.',
    },
  },
  create(context) {
    const m = context.filename.match(/[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/);
    const isRoutes = context.filename.endsWith('.routes.ts');
    return onImports(context, (node, source) => {
      if (isRoutes && (source === 'pg' || source === 'kysely')) context.report({ node, messageId: 'sql' });
      if (!m) return;
      const target = resolved(context, source);
      const t = target.match(/[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/](.+)$/);
      if (!t || t[1] === m[1]) return;
      if (/^index(\.[jt]s)?$/.test(t[2])) return;
      context.report({ node, messageId: 'index', data: { from: m[1], to: t[1], file: t[2] } });
    });
  },
};

/** The server's http/ layer knows no area and no job machinery: what it needs comes through src/context.ts. */
const serverHttpLayer = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      layer:
        'http/ must not import "{{to}}/": take what it needs from the AppContext (src/context.ts) or have the composition root pass it.',
    },
  },
  create(context) {
    if (!/[\\/]server[\\/]src[\\/]http[\\/]/.test(context.filename)) return {};
    return onImports(context, (node, source) => {
      const t = resolved(context, source).match(/[\\/]server[\\/]src[\\/](modules|jobs)[\\/]/);
      if (t) context.report({ node, messageId: 'layer', data: { to: t[1] } });
    });
  },
};

// The web's layers, outermost first: app/ composes features/, which use components/ and lib/.
const WEB_LAYER = /[\\/]web[\\/]src[\\/](app|features|components|lib)[\\/]/;
const WEB_RANK = { app: 0, features: 1, components: 2, lib: 2 };

/** One direction in the web: features never import app/; components/ and lib/ never import features/ or app/. */
const webLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { up: '{{from}}/ must not import {{to}}/: imports go app → features → components, lib.' },
  },
  create(context) {
    const m = context.filename.match(WEB_LAYER);
    if (!m) return {};
    const from = m[1];
    return onImports(context, (node, source) => {
      const t = resolved(context, source).match(WEB_LAYER);
      if (t && WEB_RANK[t[1]] < WEB_RANK[from]) context.report({ node, messageId: 'up', data: { from, to: t[1] } });
    });
  },
};

/** No file reaches itself through relative imports (type-only imports included); see import-cycles.js. */
const noImportCycles = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{chain}}. Move the shared piece into a file both can import.' } },
  create(context) {
    const file = context.filename;
    const root = process.cwd();
    noteSource(file, context.sourceCode.getText());
    return onImports(context, (node, source) => {
      if (!source.startsWith('.')) return;
      const target = resolveRelative(file, source);
      if (!target) return;
      const chain = cycleThrough(file, target);
      if (chain)
        context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map((f) => path.relative(root, f)).join(' → ') } });
    });
  },
};

// Where the server may send SQL text to PostgreSQL itself (raw `pg` or the catalogue's Queryable), relative to
// packages/server/src; everywhere else queries go through Kysely (ADR 0012). Tests and test helpers are exempt.
export const RAW_PG_ALLOWED = [
  'rest/', // the generic data API builds its SQL from the relation registry
  'db/', // pool, migration runner and schema inventory
  'test/', // test database helpers
  'modules/catalog/persistence/', // the scrape writer's hot path (ADR 0009)
  'modules/health/summary-json.repository.ts', // array row mode on one REPEATABLE READ client (health-summary benchmark)
  'jobs/pg-notifications.ts', // LISTEN holds a dedicated connection
  'modules/health/engine/', // drivers for the users' targets, not our database
  'modules/catalog/engine/',
  'modules/connections/testing/', // connection tests reach the users' databases, not ours
  'modules/playbooks/actions/sql/', // a playbook's sql action queries the users' databases, not ours
];

/** Raw pg (imports of `pg`, the catalogue's Queryable, `.query(sql, …)` calls) only in RAW_PG_ALLOWED plus the `allow` option. */
const serverQueryStyle = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      raw: '{{what}} outside the raw-pg places of ADR 0012: query through Kysely (the builder, or `sql` for a tuned statement).',
    },
  },
  create(context) {
    const m = context.filename.replace(/\\/g, '/').match(/\/server\/src\/(.+)$/);
    if (!m || /\.test\.ts$/.test(m[1])) return {};
    const allowed = [...RAW_PG_ALLOWED, ...(context.options[0]?.allow ?? [])];
    if (allowed.some((a) => (a.endsWith('/') ? m[1].startsWith(a) : m[1] === a))) return {};
    const report = (node, what) => context.report({ node, messageId: 'raw', data: { what } });
    return {
      ...onImports(context, (node, source) => {
        if (source === 'pg' || source.startsWith('pg/')) report(node, "Importing 'pg'");
        else if (/[\\/]persistence[\\/]queryable(\.[jt]s)?$/.test(resolved(context, source)))
          report(node, "Importing the catalogue's Queryable");
      }),
      CallExpression(node) {
        const c = node.callee;
        if (c.type === 'MemberExpression' && !c.computed && c.property.name === 'query' && node.arguments.length > 0)
          report(node, 'A `.query(sql, …)` call');
      },
    };
  },
};

export default {
  rules: {
    'kebab-case-files': kebabCaseFiles,
    'feature-isolation': featureIsolation,
    'server-module-boundaries': serverModuleBoundaries,
    'server-http-layer': serverHttpLayer,
    'web-layers': webLayers,
    'no-import-cycles': noImportCycles,
    'server-query-style': serverQueryStyle,
  },
};
