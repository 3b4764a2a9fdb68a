/**
 * Access tokens: EdDSA-signed JWTs with issuer, subject, expiry and kid. Verification pins the
 * algorithm (alg none or HS256 forgeries fail) and maps each failure to the provider's credential codes.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { ApiError, ErrorCode } from '../http/errors';
import { newId } from '../storage/file-names';
import { JWT_ALGORITHM, type SigningKeys } from './jwt-keys';

export const TOKEN_ISSUER = 'docstudio';
export const TOKEN_AUDIENCE = 'docstudio-api';
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenUser {
  /** Subject: 'anon_<random>' for anonymous tokens, the account id otherwise. */
  id: string;
  anonymous: boolean;
  email?: string;
  environment?: string;
  expiresAt: string;
}

export class TokenService {
  constructor(private readonly keys: SigningKeys) {}

  async issue(user: {
    id: string;
    anonymous: boolean;
    email?: string;
    environment?: string;
  }): Promise<string> {
    const claims: Record<string, unknown> = { anon: user.anonymous };
    if (user.email) claims.email = user.email;
    if (user.environment) claims.env = user.environment;
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

  /** The token's user, or an ApiError 401 with 4011 (invalid) or 4012 (expired). */
  async verify(token: string): Promise<TokenUser> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      if (protectedHeader.kid !== this.keys.kid || !payload.sub || !payload.exp)
        throw new errors.JWTInvalid('kid');
      return {
        id: payload.sub,
        anonymous: payload.anon === true,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        environment: typeof payload.env === 'string' ? payload.env : undefined,
        expiresAt: new Date(payload.exp * 1000).toISOString(),
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new ApiError(401, ErrorCode.CredentialsExpired, 'The access token has expired.');
      }
      throw new ApiError(401, ErrorCode.CredentialsInvalid, 'The access token is not valid.');
    }
  }

  /** Reads `Authorization: Bearer <token>`; 4010 when there is none. */
  async verifyBearer(header: string | undefined): Promise<TokenUser> {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) {
      throw new ApiError(
        401,
        ErrorCode.CredentialsMissing,
        'An access token is required (Authorization: Bearer).',
      );
    }
    return this.verify(match[1]);
  }
}
