import { stringify } from 'yaml';
import { CHART_REPOSITORY } from './gitops-charts';
import type { ReleaseInput } from './release-input';

/**
 * The Helm CLI commands that install a chart: add and update the flanksource repository, write the values to
 * `<release>-values.yaml` (when there are any) and `helm install` into the namespace, creating it.
 */
export function helmCommand({ chart, releaseName, namespace, values }: Omit<ReleaseInput, 'interval'>): string {
  const lines = [`helm repo add ${CHART_REPOSITORY.name} ${CHART_REPOSITORY.url}`, 'helm repo update'];
  const install = [`helm install ${releaseName} ${CHART_REPOSITORY.name}/${chart}`, `--namespace ${namespace} --create-namespace`];
  if (Object.keys(values).length) {
    const file = `${releaseName}-values.yaml`;
    // Quoted heredoc: the shell expands nothing. Every line of a YAML mapping is 'key: …' or indented, so none
    // can be the bare end word.
    lines.push(`cat > ${file} <<'VALUES'\n${stringify(values, { lineWidth: 0 })}VALUES`);
    install.push(`--values ${file}`);
  }
  lines.push(install.join(' \\\n  '));
  return lines.join('\n');
}
