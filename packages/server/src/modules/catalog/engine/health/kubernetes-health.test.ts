import { describe, expect, it } from 'vitest';
import { kubernetesHealth } from './kubernetes-health.js';

const h = (obj: Record<string, unknown>) => {
  const r = kubernetesHealth(obj);
  return r && [r.health, r.status];
};

const pod = (status: Record<string, unknown>, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  kind: 'Pod',
  metadata: { name: 'p', ...metadata },
  spec,
  status,
});
const ready = { type: 'Ready', status: 'True' };

describe('kubernetesHealth', () => {
  it('pods: running, crash looping, pending, unschedulable, completed, failed, starting, terminating', () => {
    expect(h(pod({ phase: 'Running', conditions: [ready] }))).toEqual(['healthy', 'Running']);
    expect(
      h(
        pod({
          phase: 'Running',
          containerStatuses: [{ name: 'c', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } } }],
        }),
      ),
    ).toEqual(['unhealthy', 'CrashLoopBackOff']);
    expect(h(pod({ phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ErrImagePull' } } }] }))).toEqual([
      'unhealthy',
      'ErrImagePull',
    ]);
    expect(h(pod({ phase: 'Pending' }))).toEqual(['unknown', 'Pending']);
    expect(h(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }))).toEqual([
      'unhealthy',
      'Unschedulable',
    ]);
    expect(h(pod({ phase: 'Succeeded' }, { restartPolicy: 'Never' }))).toEqual(['healthy', 'Completed']);
    const failed = kubernetesHealth(
      pod({ phase: 'Failed', containerStatuses: [{ name: 'c', state: { terminated: { exitCode: 2 } } }] }, { restartPolicy: 'Never' }),
    );
    expect(failed).toMatchObject({ health: 'unhealthy', status: 'Error', message: 'container "c" failed with exit code 2' });
    expect(h(pod({ phase: 'Running', containerStatuses: [{ lastState: { terminated: { reason: 'OOMKilled' } } }] }))).toEqual([
      'unhealthy',
      'OOMKilled',
    ]);
    expect(h(pod({ phase: 'Running' }))).toEqual(['unknown', 'Starting']);
    expect(h(pod({ phase: 'Running', conditions: [ready] }, {}, { deletionTimestamp: '2024-01-01T00:00:00Z' }))).toEqual([
      'healthy',
      'Terminating',
    ]);
  });

  it('deployments: running, rolling out, degraded, failed, paused, scaled to zero, unavailable', () => {
    const dep = (spec: Record<string, unknown>, status: Record<string, unknown>) => ({
      kind: 'Deployment',
      metadata: { generation: 1 },
      spec,
      status,
    });
    expect(h(dep({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 }))).toEqual([
      'healthy',
      'Running',
    ]);
    expect(h(dep({ replicas: 3 }, { observedGeneration: 1, replicas: 4, updatedReplicas: 2, availableReplicas: 3 }))).toEqual([
      'warning',
      'Rolling Out',
    ]);
    expect(h(dep({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 1 }))).toEqual([
      'warning',
      'Degraded',
    ]);
    expect(
      h(dep({ replicas: 3 }, { replicas: 3, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] })),
    ).toEqual(['unhealthy', 'Failed']);
    expect(h(dep({ replicas: 1, paused: true }, {}))).toEqual(['unknown', 'Suspended']);
    expect(h(dep({ replicas: 0 }, {}))).toEqual(['healthy', 'Scaled to Zero']);
    expect(h(dep({ replicas: 2 }, { observedGeneration: 1, replicas: 2, updatedReplicas: 2 }))).toEqual(['unhealthy', 'Unavailable']);
    expect(h({ kind: 'Deployment', metadata: { generation: 2 }, spec: { replicas: 1 }, status: { observedGeneration: 1 } })).toEqual([
      'unknown',
      'Updating',
    ]);
  });

  it('statefulsets and daemonsets', () => {
    expect(
      h({ kind: 'StatefulSet', spec: { replicas: 2 }, status: { readyReplicas: 2, currentRevision: 'a', updateRevision: 'a' } }),
    ).toEqual(['healthy', 'Running']);
    expect(
      h({ kind: 'StatefulSet', spec: { replicas: 2 }, status: { readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' } }),
    ).toEqual(['warning', 'Rolling Out']);
    expect(h({ kind: 'StatefulSet', spec: { replicas: 2 }, status: { readyReplicas: 0 } })).toEqual(['unhealthy', 'Unavailable']);
    expect(h({ kind: 'DaemonSet', status: { desiredNumberScheduled: 3, numberAvailable: 3, updatedNumberScheduled: 3 } })).toEqual([
      'healthy',
      'Running',
    ]);
    expect(h({ kind: 'DaemonSet', status: { desiredNumberScheduled: 3, numberAvailable: 2, updatedNumberScheduled: 3 } })).toEqual([
      'warning',
      'Degraded',
    ]);
    expect(h({ kind: 'DaemonSet', status: { desiredNumberScheduled: 3, numberAvailable: 0 } })).toEqual(['unhealthy', 'Unavailable']);
  });

  it('nodes: ready, not ready, pressure, cordoned', () => {
    expect(h({ kind: 'Node', status: { conditions: [ready] } })).toEqual(['healthy', 'Ready']);
    expect(h({ kind: 'Node', status: { conditions: [{ type: 'Ready', status: 'Unknown', message: 'kubelet stopped' }] } })).toEqual([
      'unhealthy',
      'NotReady',
    ]);
    expect(h({ kind: 'Node', status: { conditions: [ready, { type: 'DiskPressure', status: 'True' }] } })).toEqual([
      'warning',
      'DiskPressure',
    ]);
    expect(h({ kind: 'Node', spec: { unschedulable: true }, status: { conditions: [ready] } })).toEqual(['warning', 'SchedulingDisabled']);
  });

  it('services, ingresses and volumes', () => {
    expect(h({ kind: 'Service', spec: { type: 'ClusterIP' } })).toEqual(['healthy', 'Running']);
    expect(h({ kind: 'Service', spec: { type: 'LoadBalancer' }, status: {} })).toEqual(['unknown', 'Provisioning']);
    expect(h({ kind: 'Service', spec: { type: 'LoadBalancer' }, status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } } })).toEqual([
      'healthy',
      'Running',
    ]);
    expect(h({ kind: 'Ingress', status: { loadBalancer: { ingress: [{ hostname: 'lb' }] } } })).toEqual(['healthy', 'Provisioned']);
    expect(h({ kind: 'Ingress', status: {} })).toEqual(['unknown', 'Provisioning']);
    expect(h({ kind: 'PersistentVolumeClaim', status: { phase: 'Bound' } })).toEqual(['healthy', 'Bound']);
    expect(h({ kind: 'PersistentVolumeClaim', status: { phase: 'Pending' } })).toEqual(['unknown', 'Pending']);
    expect(h({ kind: 'PersistentVolumeClaim', status: { phase: 'Lost' } })).toEqual(['unhealthy', 'Lost']);
  });

  it('has no opinion on kinds without a rule', () => {
    expect(kubernetesHealth({ kind: 'ConfigMap', data: {} })).toBeUndefined();
  });
});
