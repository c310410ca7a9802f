import type { Exposed, Relation, Relationship } from './model.js';

/** A foreign key by constraint name: `rel(cols)` references `frel(fcols)`. */
export interface ForeignKey {
  name: string;
  rel: number;
  cols: string[];
  frel: number;
  fcols: string[];
}

/** Relations that expose all `cols` of base relation `oid`, with the names they expose them under. */
function exposing(byOid: Map<number, Relation>, exposed: Exposed, oid: number, cols: string[]): { rel: Relation; cols: string[] }[] {
  const out: { rel: Relation; cols: string[] }[] = [];
  for (const rel of byOid.values()) {
    const map = exposed.get(rel.oid);
    const mapped = cols.map((c) => map?.get(`${oid}:${c}`));
    if (mapped.every((m): m is string => m !== undefined)) out.push({ rel, cols: mapped });
  }
  return out;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const isUnique = (rel: Relation, cols: string[]) => rel.uniques.some((u) => sameSet(u, cols));

/**
 * Every relationship PostgREST would find: many-to-one / one-to-many (one-to-one when the FK columns are
 * unique), also between views that expose the FK's columns, and many-to-many through junction tables
 * whose two FKs are both part of the junction's primary key.
 */
export function buildRelationships(byOid: Map<number, Relation>, fks: ForeignKey[], exposed: Exposed): Map<string, Relationship[]> {
  const out = new Map<string, Relationship[]>();
  const add = (r: Relationship) => {
    const list = out.get(r.source) ?? [];
    list.push(r);
    out.set(r.source, list);
  };
  for (const fk of fks) {
    const base = byOid.get(fk.rel);
    if (!base) continue;
    const oneToOne = isUnique(base, fk.cols);
    for (const src of exposing(byOid, exposed, fk.rel, fk.cols)) {
      for (const tgt of exposing(byOid, exposed, fk.frel, fk.fcols)) {
        const pairs = src.cols.map((c, i): [string, string] => [c, tgt.cols[i]!]);
        const isSelf = src.rel === tgt.rel;
        add({
          source: src.rel.name,
          target: tgt.rel.name,
          cardinality: oneToOne ? 'o2o' : 'm2o',
          constraint: fk.name,
          columns: pairs,
          targetIsView: tgt.rel.kind === 'view',
          isSelf,
        });
        add({
          source: tgt.rel.name,
          target: src.rel.name,
          cardinality: oneToOne ? 'o2o' : 'o2m',
          constraint: fk.name,
          columns: pairs.map(([a, b]): [string, string] => [b, a]),
          targetIsView: src.rel.kind === 'view',
          isSelf,
        });
      }
    }
  }
  addManyToMany(byOid, fks, exposed, add);
  return out;
}

function addManyToMany(byOid: Map<number, Relation>, fks: ForeignKey[], exposed: Exposed, add: (r: Relationship) => void): void {
  const byTable = new Map<number, ForeignKey[]>();
  for (const fk of fks) byTable.set(fk.rel, [...(byTable.get(fk.rel) ?? []), fk]);
  for (const [oid, list] of byTable) {
    const junction = byOid.get(oid);
    if (!junction || junction.kind !== 'table' || list.length < 2) continue;
    const inPk = (fk: ForeignKey) => fk.cols.every((c) => junction.pk.includes(c));
    for (const f1 of list) {
      for (const f2 of list) {
        if (f1 === f2 || !inPk(f1) || !inPk(f2)) continue;
        for (const a of exposing(byOid, exposed, f1.frel, f1.fcols)) {
          for (const b of exposing(byOid, exposed, f2.frel, f2.fcols)) {
            add({
              source: a.rel.name,
              target: b.rel.name,
              cardinality: 'm2m',
              constraint: junction.name,
              columns: [],
              junction: {
                table: junction.name,
                constraint1: f1.name,
                constraint2: f2.name,
                sourceCols: a.cols.map((c, i): [string, string] => [c, f1.cols[i]!]),
                targetCols: b.cols.map((c, i): [string, string] => [c, f2.cols[i]!]),
              },
              targetIsView: b.rel.kind === 'view',
              isSelf: a.rel === b.rel,
            });
          }
        }
      }
    }
  }
}
