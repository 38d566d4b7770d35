// import-x/no-cycle sees cycles between files. Two domains can still depend on each other
// through different files (auth-service → workspaces-repository, switch-workspace →
// sessions-repository), which is the tangle that one home per table is meant to avoid.
// This rule reads the import graph between the folders under domains/ once per lint run
// and reports every import that closes a loop.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const importSource = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/g;

/** The domain folder a file belongs to, or null. */
function domainOf(domainsDir, file) {
  const relative = path.relative(domainsDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [domain, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? domain : null;
}

/** Other domains each domain imports from (value and type imports alike). */
function readDomainGraph(domainsDir) {
  const graph = new Map();
  for (const entry of readdirSync(domainsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = domainOf(domainsDir, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, source] of readFileSync(file, 'utf8').matchAll(importSource)) {
      if (!source.startsWith('.')) continue;
      const to = domainOf(domainsDir, path.resolve(path.dirname(file), source));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** A path of domains from `start` back to `goal`, or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const domain = queue.shift();
    if (domain === goal) {
      const route = [];
      for (let step = domain; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(domain) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, domain);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

export const noDomainCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between domain folders that form a cycle' },
    schema: [{ type: 'object', properties: { domainsDir: { type: 'string' } }, required: ['domainsDir'], additionalProperties: false }],
    messages: { cycle: 'Domains import each other: {{cycle}}. Let one depend on the other, or move the shared piece down (stock, lib, db).' },
  },
  create(context) {
    const domainsDir = path.resolve(context.cwd, context.options[0].domainsDir);
    const from = domainOf(domainsDir, context.filename);
    if (!from) return {};
    if (!graphs.has(domainsDir)) graphs.set(domainsDir, readDomainGraph(domainsDir));
    const graph = graphs.get(domainsDir);

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = domainOf(domainsDir, path.resolve(path.dirname(context.filename), source));
      if (!to || to === from) return;
      const back = findPath(graph, to, from);
      if (back) context.report({ node: node.source, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
