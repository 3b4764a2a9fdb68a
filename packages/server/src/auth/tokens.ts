/**
 * Access tokens: EdDSA-signed JWTs with issuer, subject, expiry, kid and a unique id (`jti`). Tokens
 * the sign-in site mints for the studio also carry `sid`, the `jti` of the sign-in session they came
 * from. Verification pins the algorithm (alg none or HS256 forgeries fail), refuses tokens on the deny
 * list (signed out: their `jti` or their `sid`) and maps each failure to the provider's credential codes.
 */
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { DomainError, ErrorCode } from '../contract/errors';
import { newId } from '../storage/file-names';
import { JWT_ALGORITHM, type SigningKeys } from './jwt-keys';
import type { RevokedTokens } from './revoked-tokens';

export const TOKEN_ISSUER = 'docstudio';
export const TOKEN_AUDIENCE = 'docstudio-api';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Signatures remembered (the tokens of the busiest callers); the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 1000;

export interface TokenUser {
  /** Subject: 'anon_<random>' for anonymous tokens, the account id otherwise. */
  id: string;
  anonymous: boolean;
  email?: string;
  environment?: string;
  expiresAt: string;
  /** The token's own id (`jti`). */
  tokenId: string;
  /** The sign-in session the token was minted from (`sid`), if any. */
  sessionId?: string;
  /** Set when the bearer is an API key (api-keys.ts), not a token: the key's id. */
  apiKeyId?: string;
}

const bearerMissing = (): DomainError =>
  new DomainError(ErrorCode.CredentialsMissing, 'An access token is required (Authorization: Bearer).');

function readBearer(header: string | undefined): string {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw bearerMissing();
  return match[1];
}

export class TokenService {
  /**
   * Tokens whose signature, issuer, audience and kid checked out, by their exact text: checking an
   * EdDSA signature took ~0.5 ms of the server thread per request, the largest single item of a small
   * job's. Expiry is still checked on every use, and the deny list is asked every time (verify()).
   */
  private readonly verified = new Map<string, TokenUser>();

  constructor(
    private readonly keys: SigningKeys,
    /** The deny list; the sweeper drops its rows once they can no longer matter. */
    readonly revocations: RevokedTokens,
  ) {}

  async issue(user: {
    id: string;
    anonymous: boolean;
    email?: string;
    environment?: string;
    /** The `jti` of the sign-in session this token is minted from: ending it ends this token too. */
    sessionId?: string;
  }): Promise<string> {
    const claims: Record<string, unknown> = { anon: user.anonymous };
    if (user.email) claims.email = user.email;
    if (user.environment) claims.env = user.environment;
    if (user.sessionId) claims.sid = user.sessionId;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(user.id)
      .setJti(newId())
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(this.keys.privateKey);
  }

  issueAnonymous(environment?: string): Promise<string> {
    return this.issue({ id: `anon_${newId()}`, anonymous: true, environment });
  }

  /** The token's user, or a DomainError (401) with 4011 (invalid), 4012 (expired) or 4013 (revoked). */
  async verify(token: string): Promise<TokenUser> {
    const user = await this.verifySignature(token);
    if (await this.revocations.anyRevoked(idsOf(user))) {
      throw new DomainError(ErrorCode.CredentialsRevoked, 'The access token has been revoked.');
    }
    return user;
  }

  /** Reads `Authorization: Bearer <token>`; 4010 when there is none. */
  async verifyBearer(header: string | undefined): Promise<TokenUser> {
    return this.verify(readBearer(header));
  }

  /**
   * Signs out the bearer's token: its `jti` and its session's `sid` go on the deny list, so every token
   * minted from that sign-in session stops working too. Revoking a revoked token again succeeds (a
   * retried sign-out); an invalid or expired one is the usual 401.
   */
  async revokeBearer(header: string | undefined): Promise<TokenUser> {
    const user = await this.verifySignature(readBearer(header));
    await this.revoke(user);
    return user;
  }

  /**
   * Puts a verified token's ids on the deny list. Rows are kept for the token's expiry plus one token
   * lifetime: a token minted from a session just before the session expired carries its `sid` that
   * much longer.
   */
  async revoke(user: TokenUser): Promise<void> {
    await this.revocations.revoke(
      revocableIdsOf(user),
      Date.parse(user.expiresAt) + TOKEN_LIFETIME_SECONDS * 1000,
    );
  }

  /**
   * Ends every token of an account (it was deleted): its id goes on the deny list, which verify()
   * checks for each signed-in token beside the token's own ids. Kept for two token lifetimes: a
   * studio token minted from a sign-in session just before the session expired lives that long.
   */
  async revokeAccount(accountId: string): Promise<void> {
    await this.revocations.revoke([accountId], Date.now() + 2 * TOKEN_LIFETIME_SECONDS * 1000);
  }

  /** Signature, issuer, audience and expiry only: no deny-list look-up. */
  private async verifySignature(token: string): Promise<TokenUser> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < Date.parse(known.expiresAt)) return { ...known };
      this.verified.delete(token);
      throw new DomainError(ErrorCode.CredentialsExpired, 'The access token has expired.');
    }
    const user = await this.checkSignature(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, user);
    return { ...user };
  }

  private async checkSignature(token: string): Promise<TokenUser> {
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        // Without a jti a token could not be signed out: such a token is not one of ours.
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      if (verified.protectedHeader.kid !== this.keys.kid) throw new errors.JWTInvalid('kid');
      payload = verified.payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new DomainError(ErrorCode.CredentialsExpired, 'The access token has expired.');
      }
      throw new DomainError(ErrorCode.CredentialsInvalid, 'The access token is not valid.');
    }
    if (!payload.sub || !payload.exp || !payload.jti) {
      throw new DomainError(ErrorCode.CredentialsInvalid, 'The access token is not valid.');
    }
    return {
      id: payload.sub,
      anonymous: payload.anon === true,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      environment: typeof payload.env === 'string' ? payload.env : undefined,
      expiresAt: new Date(payload.exp * 1000).toISOString(),
      tokenId: payload.jti,
      sessionId: typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined,
    };
  }
}

/** The ids a token is checked against: its own, its session's and (signed in) its account's. */
const idsOf = (user: TokenUser): string[] => [
  user.tokenId,
  ...(user.sessionId ? [user.sessionId] : []),
  ...(user.anonymous ? [] : [user.id]),
];

/** The ids revoke() puts on the deny list: the token's and its session's, never the whole account's. */
const revocableIdsOf = (user: TokenUser): string[] =>
  user.sessionId ? [user.tokenId, user.sessionId] : [user.tokenId];
