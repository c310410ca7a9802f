// Event trigger entries: the event name, the CEL filter over the resource and the event, and label globs.
import { describe, expect, it } from 'vitest';
import { EventFilterError, eventAccepts } from './event-match.js';

const config = { id: 'c1', name: 'web', type: 'Kubernetes::Pod', health: 'unhealthy', tags: { env: 'prod' } };
const env = { config, event: { name: 'config.unhealthy', properties: { previous_health: 'healthy' } } };

describe('eventAccepts', () => {
  it('needs an entry for the event whose filter is true', () => {
    expect(eventAccepts([{ event: 'unhealthy' }], 'unhealthy', env, {}, 'spec.on.config')).toBe(true);
    expect(eventAccepts([{ event: 'healthy' }], 'unhealthy', env, {}, 'spec.on.config')).toBe(false);
    expect(eventAccepts([{ event: 'unhealthy', filter: "config.type == 'Kubernetes::Pod'" }], 'unhealthy', env, {}, 'f')).toBe(true);
    expect(eventAccepts([{ event: 'unhealthy', filter: "config.name == 'db'" }], 'unhealthy', env, {}, 'f')).toBe(false);
    expect(eventAccepts([{ event: 'unhealthy', filter: "event.properties.previous_health == 'healthy'" }], 'unhealthy', env, {}, 'f')).toBe(
      true,
    );
  });

  it('accepts when any entry does, and matches label globs', () => {
    const entries = [
      { event: 'unhealthy', filter: 'false' },
      { event: 'unhealthy', labels: { env: 'prod,staging' } },
    ];
    expect(eventAccepts(entries, 'unhealthy', env, { env: 'prod' }, 'f')).toBe(true);
    expect(eventAccepts(entries, 'unhealthy', env, { env: 'dev' }, 'f')).toBe(false);
  });

  it('refuses a filter that fails or is not a boolean, naming the field', () => {
    expect(() => eventAccepts([{ event: 'unhealthy', filter: 'config.name' }], 'unhealthy', env, {}, 'spec.on.config')).toThrow(
      EventFilterError,
    );
    expect(() => eventAccepts([{ event: 'x' }, { event: 'unhealthy', filter: 'nope(' }], 'unhealthy', env, {}, 'spec.on.config')).toThrow(
      /^spec\.on\.config\[1\]\.filter: /,
    );
  });
});
