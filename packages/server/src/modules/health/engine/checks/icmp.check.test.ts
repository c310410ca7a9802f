import { describe, expect, it } from 'vitest';
import { runEntry } from '../../../../test/peers/canary-helpers.js';
import { silentPing } from '../../../../test/peers/silent-ping.js';
import { parsePingOutput } from './ping-output.js';

describe('ping output', () => {
  it('reads iputils and busybox summaries', () => {
    const iputils =
      '--- 127.0.0.1 ping statistics ---\n2 packets transmitted, 2 received, 0% packet loss, time 204ms\nrtt min/avg/max/mdev = 0.032/0.043/0.054/0.011 ms\n';
    expect(parsePingOutput(iputils)).toEqual({ transmitted: 2, received: 2, loss: 0, rtt: { min: 0.032, avg: 0.043, max: 0.054 } });
    const lost = '1 packets transmitted, 0 received, +1 errors, 100% packet loss, time 0ms\n';
    expect(parsePingOutput(lost)).toEqual({ transmitted: 1, received: 0, loss: 100 });
    expect(
      parsePingOutput('3 packets transmitted, 3 packets received, 0% packet loss\nround-trip min/avg/max = 0.1/0.2/0.3 ms')?.rtt?.avg,
    ).toBe(0.2);
    expect(parsePingOutput('ping: unknown host')).toBeUndefined();
  });
});

// The system ping (iputils-ping) is a dependency of icmp checks; these tests need it installed.
describe('icmp check', () => {
  it('passes for the loopback address within the thresholds', async () => {
    const r = await runEntry('icmp', { endpoint: '127.0.0.1', packetCount: 2, thresholdMillis: 500, packetLossThreshold: 0 });
    expect(r).toMatchObject({ pass: true, invalid: false });
    expect(r.data).toMatchObject({ packetLoss: 0, packetsSent: 2, packetsReceived: 2 });
    expect(r.metrics.map((m) => m.name).sort()).toEqual(['latency', 'packetLoss']);
  });

  it('fails on packet loss to an address that never answers', async () => {
    const silent = silentPing();
    const r = await silent.withSilentPing(() => runEntry('icmp', { endpoint: `https://${silent.host}`, packetCount: 1, packetLossThreshold: 5 }));
    expect(r).toMatchObject({ pass: false, error: 'packet loss of 100% > 5%' });
  });

  it('fails for an endpoint that is not a host', async () => {
    expect(await runEntry('icmp', { endpoint: 'no such host!' })).toMatchObject({
      pass: false,
      error: 'endpoint "no such host!" is not a host name or IP address',
    });
  });
});
