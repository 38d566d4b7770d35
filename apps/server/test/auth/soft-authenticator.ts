import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey authenticator in software, as a phone or a security key answers a browser's
// navigator.credentials.create() / get(): a P-256 key per credential, "none" attestation, user
// presence and verification flags set, a signature counter. It answers the JSON that
// @simplewebauthn/browser hands to the server, so the API is tested with real signatures.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

function uint32(value: number) {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function createSoftAuthenticator() {
  const credentials: StoredCredential[] = [];

  return {
    credentials,

    /** navigator.credentials.create(): a new discoverable credential for the site and user of the options. */
    create(options: CreationOptions, origin: string, { userVerified = true }: { userVerified?: boolean } = {}) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cosePublicKey = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      );
      const id = randomBytes(16);
      const flags = FLAG_UP | FLAG_AT | (userVerified ? FLAG_UV : 0);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags]),
        uint32(0),
        Buffer.alloc(16),
        Buffer.from([id.length >> 8, id.length & 0xff]),
        id,
        Buffer.from(cosePublicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get() with a discoverable credential (the first one held for the site, or the one named). */
    get(options: RequestOptions, origin: string, { credentialId, userVerified = true }: { credentialId?: string; userVerified?: boolean } = {}) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      const credential = credentials.find((c) => c.rpId === rpId && (credentialId === undefined || b64url(c.id) === credentialId));
      if (!credential) throw new Error(`no credential for ${rpId}`);
      credential.counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0)]), uint32(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
