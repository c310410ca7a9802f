import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { fluxManifest } from './flux-manifest';
import { GITOPS_CHARTS, GITOPS_DEFAULTS, GITOPS_OPTIONS } from './gitops-charts';
import { helmCommand } from './helm-command';
import { parseValues, releaseFieldError } from './release-input';
import { valuesSchema } from './values-schema';

const kubernetes = {
  chart: 'mission-control-kubernetes',
  releaseName: 'mission-control-kubernetes',
  ...GITOPS_DEFAULTS,
  values: { clusterName: 'prod-eu', scraper: { schedule: '@every 10m', exclusions: { kind: ['Secret'] } }, note: 'a: b # c' },
};

/** What the tests read of a parsed document. */
interface Doc {
  metadata: { name?: string; namespace?: string };
  spec: { interval?: string } & Record<string, unknown>;
}

const docs = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as Doc);

describe('fluxManifest', () => {
  it('parses back to a Namespace, the flanksource HelmRepository and a HelmRelease with the values embedded', () => {
    const [ns, repo, release] = docs(fluxManifest(kubernetes));
    expect(ns).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'mission-control' } });
    expect(repo).toEqual({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'mission-control' },
      spec: { interval: '30m', url: 'https://flanksource.github.io/charts' },
    });
    expect(release).toEqual({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-kubernetes', namespace: 'mission-control' },
      spec: {
        interval: '30m',
        chart: {
          spec: {
            chart: 'mission-control-kubernetes',
            sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'mission-control' },
          },
        },
        values: kubernetes.values,
      },
    });
  });

  it('uses the namespace and interval given, and leaves values out when there are none', () => {
    const all = docs(fluxManifest({ ...kubernetes, namespace: 'ops', interval: '1h', values: {} }));
    expect(all.map((d) => d.metadata.namespace ?? d.metadata.name)).toEqual(['ops', 'ops', 'ops']);
    expect(all[2]!.spec).not.toHaveProperty('values');
    expect(all[2]!.spec.interval).toBe('1h');
    expect(all[1]!.spec.interval).toBe('1h');
  });
});

describe('helmCommand', () => {
  it('adds the repository, writes the values file and installs into mission-control', () => {
    const text = helmCommand(kubernetes);
    expect(text.split('\n').slice(0, 2)).toEqual(['helm repo add flanksource https://flanksource.github.io/charts', 'helm repo update']);
    expect(text).toContain(
      'helm install mission-control-kubernetes flanksource/mission-control-kubernetes \\\n  --namespace mission-control --create-namespace \\\n  --values mission-control-kubernetes-values.yaml',
    );
    const file = /cat > mission-control-kubernetes-values\.yaml <<'VALUES'\n([\s\S]*?)\nVALUES\n/.exec(text);
    expect(file).not.toBeNull();
    expect(docs(file![1]!)[0]).toEqual(kubernetes.values);
  });

  it('keeps values that hold the end word or shell syntax intact, and has no values file without values', () => {
    const values = { VALUES: 'VALUES', lines: 'a\nVALUES\nb', shell: '$(rm -rf /) `x` $HOME' };
    const text = helmCommand({ ...kubernetes, values });
    const body = text.slice(text.indexOf("<<'VALUES'\n") + 10, text.indexOf('\nVALUES\n'));
    expect(docs(body)[0]).toEqual(values);
    const none = helmCommand({ ...kubernetes, values: {} });
    expect(none).not.toContain('--values');
    expect(none).not.toContain('cat >');
  });
});

describe('release form', () => {
  it('checks release names, namespaces and intervals', () => {
    expect(releaseFieldError('releaseName', 'mission-control-aws')).toBeNull();
    expect(releaseFieldError('releaseName', '')).toBe('This field is required');
    expect(releaseFieldError('releaseName', 'Bad_Name')).toMatch(/Lower-case/);
    expect(releaseFieldError('releaseName', 'a'.repeat(54))).toBe('At most 53 characters');
    expect(releaseFieldError('namespace', 'a'.repeat(63))).toBeNull();
    expect(releaseFieldError('interval', '30m')).toBeNull();
    expect(releaseFieldError('interval', '1h30m')).toBeNull();
    expect(releaseFieldError('interval', 'often')).toMatch(/duration/);
  });

  it('reads the values text: a mapping, empty as none, anything else an error', () => {
    expect(parseValues('a: 1\nb: [x]\n')).toEqual({ values: { a: 1, b: ['x'] } });
    expect(parseValues('')).toEqual({ values: {} });
    expect(parseValues('- a\n')).toEqual({ error: 'The values must be a YAML mapping (key: value)' });
    expect('error' in parseValues('a: [1, 2')).toBe(true);
  });
});

describe('the shipped values schemas', () => {
  it('accept every chart’s starting values and catch wrong types', () => {
    for (const option of GITOPS_OPTIONS) {
      const chart = GITOPS_CHARTS[option];
      const schema = valuesSchema(chart.schema);
      expect([option, schema.safeParse(chart.initialValues).success]).toEqual([option, true]);
      expect([option, schema.safeParse({ ...chart.initialValues, labels: { team: 7 } }).success]).toEqual([option, false]);
    }
    const k8s = valuesSchema(GITOPS_CHARTS.Kubernetes.schema);
    expect(k8s.safeParse({ scraper: { schedule: 'whenever' } }).success).toBe(false);
    expect(k8s.safeParse({ scraper: { schedule: '*/5 * * * *' } }).success).toBe(true);
    const azure = valuesSchema(GITOPS_CHARTS.Azure.schema);
    expect(azure.safeParse({ scraper: { name: 'azure' } }).success).toBe(false);
    const aws = valuesSchema(GITOPS_CHARTS.AWS.schema);
    expect(aws.safeParse({ region: ['eu-west-1', 'us-gov-west-1'] }).success).toBe(true);
    expect(aws.safeParse({ region: ['Ireland'] }).success).toBe(false);
  });
});
