// Import cycles that import-x/no-cycle does not see, in two units:
// - 'file': type-only imports count too (import-x skips them), so two files whose types lean on
//   each other are reported like any other cycle;
// - 'domain': two domain folders can depend on each other through different files
//   (auth-service → workspaces-repository, switch-workspace → sessions-repository), the tangle
//   that one home per table is meant to avoid.
// The rule reads the import graph of the folder once per lint run and reports every import that
// closes a loop.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const importSource = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/g;

/** The unit (a file's path, or its domain folder) a file belongs to under dir, or null. */
function unitOf(dir, unit, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  if (unit === 'file') return relative;
  const [domain, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? domain : null;
}

/** Other units each unit imports from (value and type imports alike). */
function readGraph(dir, unit) {
  const graph = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = unitOf(dir, unit, file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, source] of readFileSync(file, 'utf8').matchAll(importSource)) {
      if (!source.startsWith('.')) continue;
      const to = unitOf(dir, unit, path.resolve(path.dirname(file), source));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** A path of units from `start` back to `goal`, or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let step = current; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between files (type imports included) or domain folders that form a cycle' },
    // One option per scope: a folder and the unit of its graph.
    schema: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { dir: { type: 'string' }, unit: { enum: ['file', 'domain'] } },
        required: ['dir', 'unit'],
        additionalProperties: false,
      },
    },
    messages: {
      file: 'Files import each other (type imports count): {{cycle}}. Move what both need into a third file.',
      domain: 'Domains import each other: {{cycle}}. Let one depend on the other, or move the shared piece down (stock, lib, db).',
    },
  },
  create(context) {
    const scopes = context.options.flatMap(({ dir: folder, unit }) => {
      const dir = path.resolve(context.cwd, folder);
      const from = unitOf(dir, unit, context.filename);
      if (!from) return [];
      const key = `${unit}:${dir}`;
      if (!graphs.has(key)) graphs.set(key, readGraph(dir, unit));
      return [{ dir, unit, from, graph: graphs.get(key) }];
    });
    if (scopes.length === 0) return {};

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      for (const { dir, unit, from, graph } of scopes) {
        const to = unitOf(dir, unit, target);
        if (!to || to === from) continue;
        const back = findPath(graph, to, from);
        if (back) context.report({ node: node.source, messageId: unit, data: { cycle: [from, ...back].join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
