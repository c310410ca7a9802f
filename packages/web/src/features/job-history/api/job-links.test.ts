import { describe, expect, it } from 'vitest';
import { agentLink, jobResourceLink } from './job-links';

describe('job resource links (/settings/jobs)', () => {
  it.each([
    ['canary', '/settings/canaries/r1'],
    ['config_scraper', '/catalog/scrapers/r1'],
    ['catalog_scraper', '/catalog/scrapers/r1'],
    ['topology', '/settings/topologies/r1'],
    ['config', '/catalog/r1'],
    ['playbook', '/playbooks/r1'],
    ['agent', '/settings/agents?id=r1'],
  ])('%s → %s', (type, link) => {
    expect(jobResourceLink(type, 'r1')).toBe(link);
  });

  it('has no link for unknown types or a missing id', () => {
    expect(jobResourceLink('team', 'r1')).toBeUndefined();
    expect(jobResourceLink('canary', null)).toBeUndefined();
    expect(jobResourceLink(null, 'r1')).toBeUndefined();
  });

  it('links agents to the agents settings list with the id param', () => {
    expect(agentLink('00000000-0000-0000-0000-000000000000')).toBe('/settings/agents?id=00000000-0000-0000-0000-000000000000');
  });
});
