// A software passkey for tests: an ES256 credential made with node:crypto that answers WebAuthn
// registration options with a "none" attestation and authentication options with a signed
// assertion, in the JSON a browser's @simplewebauthn/browser would send. It checks nothing the
// server asks beyond the challenge and rpID: that is the server's job, and these tests look at it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

// ---- A minimal CBOR encoder: unsigned/negative integers, byte and text strings, maps ----------
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
  excludeCredentials?: Array<{ id: string }>;
}
export interface AuthenticationOptionsJSON {
  challenge: string;
  rpId?: string;
  userVerification?: string;
  allowCredentials?: Array<{ id: string }>;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  /** The user handle the server gave at registration (returned by assertions, as a passkey does). */
  private userHandle = "";

  constructor(
    readonly origin: string,
    /** false: an authenticator that does not verify its user (no PIN, fingerprint or face). */
    public verifiesUser = true,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const flags = FLAG_UP | (this.verifiesUser ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.counter);
    const parts: Uint8Array[] = [createHash("sha256").update(rpId).digest(), Buffer.from([flags]), counter];
    if (attested) {
      const jwk = this.publicKey.export({ format: "jwk" });
      const cose = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() answers, as JSON. */
  register(options: RegistrationOptionsJSON, { origin }: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", this.authData(rpId, true)]]));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: { clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** What navigator.credentials.get() answers, as JSON. */
  authenticate(options: AuthenticationOptionsJSON, { origin }: { origin?: string } = {}) {
    const authenticatorData = this.authData(options.rpId ?? new URL(this.origin).hostname, false);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(sign("sha256", signed, this.privateKey)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
