import { describe, expect, it } from 'vitest';
import { inputNode, passwordLoginFlow, text } from '../test/flow-fixtures';
import { missingRequired } from './flow-form';
import { buttonValue, flowBody, hasGroup, initialValues, nodeLabel, nodesOf, type InputNode } from './flow-nodes';

const flow = passwordLoginFlow('5f0c3c1e-1111-4b5b-9c2a-000000000001');
const withOidc = [
  ...flow.ui.nodes,
  inputNode('oidc', 'provider', 'submit', { value: 'loopback', label: { id: 1010002, text: 'Sign in with Loopback', type: 'info' } }),
];

describe('flow nodes', () => {
  it('keeps the default group with every form, or only its hidden inputs for a second form', () => {
    expect(nodesOf(withOidc, ['password']).map((n) => (n.attributes as { name: string }).name)).toEqual([
      'csrf_token',
      'identifier',
      'password',
      'method',
    ]);
    expect(nodesOf(withOidc, ['oidc'], 'hidden').map((n) => (n.attributes as { name: string }).name)).toEqual(['csrf_token', 'provider']);
    expect(hasGroup(withOidc, 'oidc')).toBe(true);
    expect(hasGroup(withOidc, 'totp')).toBe(false);
  });

  it('labels nodes from meta.label', () => {
    expect(flow.ui.nodes.map(nodeLabel)).toEqual(['csrf_token', 'Email', 'Password', 'Sign in']);
  });

  it('sends the inputs nested by their dotted names plus the pressed button, leaving out empty fields', () => {
    const nodes = [
      inputNode('default', 'csrf_token', 'hidden', { value: 't' }),
      inputNode('password', 'traits.email', 'email'),
      inputNode('password', 'traits.name.first', 'text'),
      inputNode('password', 'traits.name.last', 'text'),
      inputNode('password', 'password', 'password'),
    ];
    const values = { ...initialValues(nodes), 'traits.email': 'a@b.co', 'traits.name.first': 'Ann', password: 'pw' };
    expect(flowBody(nodes, values, { name: 'method', value: 'password' })).toEqual({
      csrf_token: 't',
      traits: { email: 'a@b.co', name: { first: 'Ann' } },
      password: 'pw',
      method: 'password',
    });
  });

  it("turns 'true' button values into booleans and keeps other values", () => {
    const reveal = inputNode('lookup_secret', 'lookup_secret_reveal', 'submit', { value: 'true' }) as InputNode;
    const method = inputNode('password', 'method', 'submit', { value: 'password' }) as InputNode;
    expect(buttonValue(reveal)).toBe(true);
    expect(buttonValue(method)).toBe('password');
  });

  it("reports required visible fields that are empty with 'This field is required'", () => {
    const nodes = nodesOf(flow.ui.nodes, ['password']);
    expect(missingRequired(nodes, initialValues(nodes))).toEqual({
      identifier: 'This field is required',
      password: 'This field is required',
    });
    expect(missingRequired(nodes, { ...initialValues(nodes), identifier: 'a', password: 'b' })).toEqual({});
  });

  it('reads the label of a catalogue text', () => {
    expect(text('labelPassword').text).toBe('Password');
  });
});
