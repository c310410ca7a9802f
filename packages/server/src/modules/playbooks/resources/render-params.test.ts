import { describe, expect, it } from 'vitest';
import { renderParameters } from './render-params.js';

const env = {
  config: { id: 'c1', name: 'pod-a', tags: { namespace: 'prod' }, config: { spec: { replicas: 3 } } },
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
  playbook: { id: 'p1', name: 'restart', title: 'Restart' },
  env: { REGION: 'eu' },
};

describe('renderParameters', () => {
  it('renders Go template defaults against the resource, the caller, the playbook and its env', () => {
    const params = renderParameters(
      {
        parameters: [
          { name: 'name', label: 'Name', default: '{{.config.name}}' },
          { name: 'ns', default: '{{ .config.tags.namespace | upper }}' },
          { name: 'replicas', default: '{{.config.config.spec.replicas}}' },
          { name: 'by', default: '{{.user.name}} <{{.user.email}}> via {{.playbook.title}} in {{.env.REGION}}' },
          { name: 'plain', default: 'no template' },
        ],
      },
      env,
    );
    expect(params.map((p) => [p.name, p.label, p.default])).toEqual([
      ['name', 'Name', 'pod-a'],
      ['ns', 'ns', 'PROD'],
      ['replicas', 'replicas', '3'],
      ['by', 'by', 'Ada <ada@example.com> via Restart in eu'],
      ['plain', 'plain', 'no template'],
    ]);
  });

  it('renders a missing value as nothing, leaves out a default that fails, and makes checkbox defaults booleans', () => {
    const params = renderParameters(
      {
        parameters: [
          { name: 'check', default: '{{.check.name}}' },
          { name: 'broken', default: '{{ .config.name | nosuchfunction }}' },
          { name: 'yes', type: 'checkbox', default: 'true' },
          { name: 'no', type: 'checkbox', default: '{{ eq .config.name "other" }}' },
          { name: 'bool', type: 'checkbox', default: false },
        ],
      },
      env,
    );
    expect(params.map((p) => [p.name, p.default])).toEqual([
      ['check', ''],
      ['broken', undefined],
      ['yes', true],
      ['no', false],
      ['bool', false],
    ]);
  });

  it('keeps the declaration: type (text when unknown), required, description, icon and properties', () => {
    const [p, q] = renderParameters(
      {
        parameters: [
          { name: 'size', label: 'Size', type: 'bytes', required: true, description: 'how big', icon: 'disk', properties: { min: '1Ki' } },
          { name: 'odd', type: 'nonsense' },
        ],
      },
      env,
    );
    expect(p).toEqual({
      name: 'size',
      label: 'Size',
      type: 'bytes',
      required: true,
      description: 'how big',
      icon: 'disk',
      properties: { min: '1Ki' },
    });
    expect(q).toEqual({ name: 'odd', label: 'odd', type: 'text', required: false });
    expect(renderParameters({}, env)).toEqual([]);
  });
});
