import ELK from 'elkjs/lib/elk.bundled.js';
const elk = new ELK();
function tree(n, b) {
  const children = [{ id: 'n0', width: 400, height: 100 }]; const edges = [];
  for (let i = 1; i < n; i++) { children.push({ id: 'n' + i, width: 400, height: 100 }); edges.push({ id: 'e' + i, sources: ['n' + Math.floor((i - 1) / b)], targets: ['n' + i] }); }
  return { children, edges };
}
const base = { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.layered.spacing.nodeNodeBetweenLayers': '120', 'elk.spacing.nodeNode': '100', 'elk.edgeRouting': 'POLYLINE' };
const fast = { 'elk.layered.layering.strategy': 'LONGEST_PATH', 'elk.layered.crossingMinimization.strategy': 'NONE', 'elk.layered.crossingMinimization.greedySwitch.type': 'OFF', 'elk.layered.nodePlacement.strategy': 'SIMPLE', 'elk.layered.thoroughness': '1', 'elk.separateConnectedComponents': 'false' };
for (const [name, opts] of Object.entries({ fast, fastModel: { ...fast, 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES' }, fastBK: { ...fast, 'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF' }, fastLinear: { ...fast, 'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS' }, fastNoPoly: { ...fast, 'elk.edgeRouting': 'ORTHOGONAL' } })) {
  for (const n of [400, 2000]) {
    const t = performance.now();
    await elk.layout({ id: 'root', layoutOptions: { ...base, ...opts }, ...tree(n, 4) });
    console.log(name, n, Math.round(performance.now() - t));
  }
}
