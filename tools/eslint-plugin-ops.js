// Project lint rules: file naming and the import boundaries of DESIGN.md §3.
import path from 'node:path';

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

/** Server modules use each other only through *.service.ts; routes hold no SQL. */
const serverModuleBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      service: 'Module "{{from}}" may use module "{{to}}" only through its *.service.ts (or principal/types).',
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
      const file = t[2];
      if (/\.service(\.js)?$/.test(file) || /(principal|types|\.schemas)(\.js)?$/.test(file)) return;
      context.report({ node, messageId: 'service', data: { from: m[1], to: t[1] } });
    });
  },
};

export default {
  rules: {
    'kebab-case-files': kebabCaseFiles,
    'feature-isolation': featureIsolation,
    'server-module-boundaries': serverModuleBoundaries,
  },
};
