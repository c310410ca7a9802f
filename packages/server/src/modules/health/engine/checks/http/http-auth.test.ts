// Published test vectors for the authentication code: RFC 1320 (MD4), MS-NLMP §4.2.4 (NTLMv2),
// RFC 2617/7616 (Digest) and the AWS SigV4 test suite (get-vanilla).
import { describe, expect, it } from 'vitest';
import { signSigV4 } from './aws-sigv4.js';
import { digestAuthorization, findDigestChallenge, parseAuthParams } from './digest-auth.js';
import { md4 } from './md4.js';
import { ntlmAuthenticate, ntlmNegotiate, ntowfv2, ntProofStr, parseNtlmAuthenticate, parseNtlmChallenge, splitDomain } from './ntlm.js';

describe('md4', () => {
  it('matches the RFC 1320 test suite', () => {
    const cases: Array<[string, string]> = [
      ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
      ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
      ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
      ['message digest', 'd9130a8164549fe818874806e1c7014b'],
      ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
      ['1234567890'.repeat(8), 'e33b4ddc9c38f2199c3e7b164fcc0536'],
    ];
    for (const [input, hex] of cases) expect(md4(Buffer.from(input)).toString('hex')).toBe(hex);
  });
});

describe('NTLMv2', () => {
  it('matches the MS-NLMP NTOWFv2 and NTProofStr vectors', () => {
    const key = ntowfv2('User', 'Password', 'Domain');
    expect(key.toString('hex')).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
    const av = (id: number, s: string) => {
      const v = Buffer.from(s, 'utf16le');
      const h = Buffer.alloc(4);
      h.writeUInt16LE(id, 0);
      h.writeUInt16LE(v.length, 2);
      return Buffer.concat([h, v]);
    };
    const info = Buffer.concat([av(2, 'Domain'), av(1, 'Server'), Buffer.alloc(4)]);
    const blob = Buffer.concat([
      Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
      Buffer.alloc(8),
      Buffer.alloc(8, 0xaa),
      Buffer.alloc(4),
      info,
      Buffer.alloc(4),
    ]);
    expect(ntProofStr(key, Buffer.from('0123456789abcdef', 'hex'), blob).toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
  });

  it('builds messages a server can verify and parse', () => {
    expect(Buffer.from(ntlmNegotiate(), 'base64').subarray(0, 12).toString('latin1')).toBe('NTLMSSP\0\u0001\0\0\0');
    const challengeMsg = Buffer.alloc(48);
    challengeMsg.write('NTLMSSP\0', 0, 'latin1');
    challengeMsg.writeUInt32LE(2, 8);
    challengeMsg.writeUInt32LE(0x00088205, 20);
    Buffer.from('1122334455667788', 'hex').copy(challengeMsg, 24);
    const challenge = parseNtlmChallenge(challengeMsg.toString('base64'));
    const type3 = parseNtlmAuthenticate(ntlmAuthenticate({ username: 'alice@CORP', password: 'pw' }, challenge, Buffer.alloc(8, 1), 0));
    expect([type3.user, type3.domain]).toEqual(['alice', 'CORP']);
    const expected = ntProofStr(ntowfv2('alice', 'pw', 'CORP'), challenge.serverChallenge, type3.ntResponse.subarray(16));
    expect(type3.ntResponse.subarray(0, 16).equals(expected)).toBe(true);
    expect(splitDomain({ username: 'CORP\\bob', password: '' })).toEqual({ domain: 'CORP', user: 'bob' });
    expect(() => parseNtlmChallenge(Buffer.from('garbage').toString('base64'))).toThrow('the server sent an invalid NTLM challenge');
  });
});

describe('digest', () => {
  it('matches RFC 2617 (MD5, qop=auth)', () => {
    const ch = findDigestChallenge([
      'Basic realm="x"',
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    ])!;
    const header = digestAuthorization(ch, 'Mufasa', 'Circle Of Life', 'GET', '/dir/index.html', undefined, '0a4f113b');
    expect(parseAuthParams(header.slice(7))).toMatchObject({
      response: '6629fae49393a05397450978507c4ef1',
      qop: 'auth',
      nc: '00000001',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
  });

  it('matches RFC 7616 (SHA-256 and MD5)', () => {
    const base =
      'realm="http-auth@example.org", qop="auth, auth-int", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
    const cnonce = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
    const sha = findDigestChallenge([`Digest ${base}, algorithm=SHA-256`])!;
    expect(
      parseAuthParams(digestAuthorization(sha, 'Mufasa', 'Circle of Life', 'GET', '/dir/index.html', undefined, cnonce).slice(7)).response,
    ).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
    const md5 = findDigestChallenge([`Digest ${base}, algorithm=MD5`])!;
    expect(
      parseAuthParams(digestAuthorization(md5, 'Mufasa', 'Circle of Life', 'GET', '/dir/index.html', undefined, cnonce).slice(7)).response,
    ).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });
});

describe('AWS SigV4', () => {
  it('matches the AWS test suite get-vanilla signature', () => {
    const headers = signSigV4(
      { accessKey: 'AKIDEXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' },
      'GET',
      new URL('https://example.amazonaws.com/'),
      {},
      undefined,
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(headers['X-Amz-Date']).toBe('20150830T123600Z');
    expect(headers.Authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});
