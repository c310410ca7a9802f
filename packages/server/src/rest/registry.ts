import type { RelationPolicy, RpcPolicy } from './types.js';

/**
 * Which relations and functions the data API exposes, and how. Anything not registered answers 404
 * even when it exists in SQL. Areas add entries at start-up; tests may add throwaway ones at runtime.
 */
export class Registry {
  private readonly relations = new Map<string, RelationPolicy>();
  private readonly functions = new Map<string, RpcPolicy>();

  constructor(relations: readonly RelationPolicy[] = [], functions: readonly RpcPolicy[] = []) {
    for (const r of relations) this.addRelation(r);
    for (const f of functions) this.addFunction(f);
  }

  /** Register (or replace) a relation's policy. */
  addRelation(policy: RelationPolicy): void {
    this.relations.set(policy.name, policy);
  }

  /** Register (or replace) a callable function. */
  addFunction(policy: RpcPolicy): void {
    this.functions.set(policy.name, policy);
  }

  relation(name: string): RelationPolicy | undefined {
    return this.relations.get(name);
  }

  fn(name: string): RpcPolicy | undefined {
    return this.functions.get(name);
  }

  relationNames(): string[] {
    return [...this.relations.keys()];
  }

  functionNames(): string[] {
    return [...this.functions.keys()];
  }
}
