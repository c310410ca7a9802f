import { describe, expect, it } from 'vitest';
import { contentEnvelope, withContentType } from './content-type.js';

const done = (stdout: string) => ({ status: 'completed' as const, result: { stdout, stderr: '', exitCode: 0 } });

describe('action content type', () => {
  it('recognises only a JSON object with a string content as an envelope', () => {
    expect(contentEnvelope('{"content": "# Hi", "contentType": "text/markdown"}\n')).toEqual({
      content: '# Hi',
      contentType: 'text/markdown',
    });
    expect(contentEnvelope('{"content": "x"}')).toEqual({ content: 'x' });
    expect(contentEnvelope('{"key": "value"}')).toBeUndefined();
    expect(contentEnvelope('{"content": 3}')).toBeUndefined();
    expect(contentEnvelope('[1]')).toBeUndefined();
    expect(contentEnvelope('hello')).toBeUndefined();
    expect(contentEnvelope(undefined)).toBeUndefined();
  });

  it("lets the action's contentType win over the envelope's", () => {
    expect(withContentType(done('{"content": "r", "contentType": "text/markdown"}'), undefined).result).toMatchObject({
      content: 'r',
      contentType: 'text/markdown',
    });
    expect(withContentType(done('{"content": "r", "contentType": "text/markdown"}'), 'text/plain').result).toMatchObject({
      content: 'r',
      contentType: 'text/plain',
    });
    expect(withContentType(done('{"key": "value"}'), 'application/json').result).toEqual({
      stdout: '{"key": "value"}',
      stderr: '',
      exitCode: 0,
      contentType: 'application/json',
    });
    expect(withContentType(done('plain'), undefined).result).toEqual({ stdout: 'plain', stderr: '', exitCode: 0 });
  });
});
