// Kubernetes quantities as the CEL k8s.* functions and the playbook parameter formats read them: CPU as
// millicores ('500m', '2') and memory as bytes ('512Mi', '1G', '100m' = 0.1 byte as Kubernetes writes it).

const CPU = /^(\d+(?:\.\d+)?)(m?)$/;
const MEM = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|K|M|G|T|P|E|m)?$/;
const MEM_UNITS: Record<string, number> = {
  '': 1,
  m: 0.001,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** CPU in millicores, or undefined when the text is not a CPU quantity. */
export function cpuMillicores(text: string): number | undefined {
  const m = CPU.exec(text.trim());
  return m ? Number(m[1]) * (m[2] ? 1 : 1000) : undefined;
}

/** Memory in bytes, or undefined when the text is not a memory quantity. */
export function memoryBytes(text: string): number | undefined {
  const m = MEM.exec(text.trim());
  return m ? Number(m[1]) * MEM_UNITS[m[2] ?? '']! : undefined;
}
