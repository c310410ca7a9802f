import type { AppContext } from '../../context.js';
import { canaryKind } from '../health/index.js';
import { scrapeConfigKind } from '../catalog/index.js';
import { connectionKind } from '../connections/index.js';
import { featureFlagKind } from './feature-flag.kind.js';
import { FLANKSOURCE_KINDS } from './flanksource-kinds.js';
import { teamKind } from '../teams/index.js';
import { topologyKind } from '../topology/index.js';
import { playbookKind } from '../playbooks/index.js';
import { permissionKind } from '../permissions/index.js';
import { defineKind, KindRegistry } from './kind-registry.js';

/**
 * Every kind `POST /api/resources/apply` accepts. An area that implements a Flanksource kind
 * appends its entry here (built from `ctx` and its own service); it replaces the placeholder.
 */
export function buildKindRegistry(ctx: AppContext): KindRegistry {
  return new KindRegistry([
    ...FLANKSOURCE_KINDS,
    featureFlagKind,
    defineKind(canaryKind(ctx)),
    defineKind(scrapeConfigKind),
    defineKind(teamKind(ctx)),
    defineKind(connectionKind(ctx)),
    defineKind(topologyKind(ctx)),
    defineKind(playbookKind()),
    defineKind(permissionKind()),
  ]);
}
