import { describe, expect, it } from 'vitest';
import { nameFromTitle, NEW_PLAYBOOK_SPEC, parsePlaybookText, playbookWriteOf, toSpecValues } from './playbook-spec-model';

describe('playbook spec model', () => {
  it('starts a new playbook with the starter spec and an edit with the stored spec without its title', () => {
    expect(toSpecValues(undefined)).toEqual({ title: '', specText: NEW_PLAYBOOK_SPEC });
    expect(toSpecValues({ title: 'Echo', spec: { title: 'Echo', category: 'Ops', actions: [] } })).toEqual({
      title: 'Echo',
      specText: 'category: Ops\nactions: []\n',
    });
  });

  it('reads a spec or a whole Playbook document, and names what is wrong', () => {
    expect(parsePlaybookText('actions: []')).toEqual({ spec: { actions: [] } });
    expect(parsePlaybookText('kind: Playbook\nmetadata:\n  name: echo\nspec:\n  actions: []')).toEqual({
      spec: { actions: [] },
      name: 'echo',
    });
    expect(parsePlaybookText('  ')).toEqual({ error: 'Spec is required' });
    expect(parsePlaybookText('- a')).toEqual({ error: 'Spec must be a YAML object' });
    expect(parsePlaybookText('a: [')).toMatchObject({ error: expect.stringMatching(/^Spec is not valid YAML/) as unknown });
  });

  it('writes title, name, category, description and icon from the form and the spec', () => {
    expect(playbookWriteOf({ title: ' Restart Pod! ', specText: 'icon: k8s\ndescription: Restarts\nactions: []' }, true)).toEqual({
      name: 'restart-pod',
      title: 'Restart Pod!',
      spec: { icon: 'k8s', description: 'Restarts', actions: [], title: 'Restart Pod!' },
      category: 'Other',
      description: 'Restarts',
      icon: 'k8s',
    });
    expect(playbookWriteOf({ title: 'X', specText: 'category: Ops' }, false)).toEqual({
      title: 'X',
      spec: { category: 'Ops', title: 'X' },
      category: 'Ops',
      description: null,
      icon: null,
    });
    expect(() => playbookWriteOf({ title: 'X', specText: '' }, true)).toThrow('Spec is required');
  });

  it('makes names from titles', () => {
    expect(nameFromTitle('Scale Deployment (prod)')).toBe('scale-deployment-prod');
    expect(nameFromTitle('!!!')).toBe('playbook');
  });
});
