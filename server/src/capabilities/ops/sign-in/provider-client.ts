import * as oidc from 'openid-client';
import type { ProviderSignIn } from '../../../staff-sign-in-config.js';
import { isLoopback } from '../../../staff-sign-in-config.js';
import type { ProviderTokens } from '../staff-sessions.js';
import type { StaffRole } from '../staff.js';
import { roleOf, secondFactorOf } from './roles.js';

/** What the console keeps between sending a staff member to the provider and their return. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** Where the provider sends them back (the console's own address). */
  redirectUri: string;
}

/** A sign-in the provider completed: who, the role their groups give (null: none), whether it had a second factor. */
export interface ProviderSignInResult {
  login: string;
  role: StaffRole | null;
  secondFactor: boolean;
  tokens: ProviderTokens;
}

type Claims = Record<string, unknown>;

/**
 * The console as a relying party of the bank's identity provider, through openid-client (a
 * certified relying-party library): discovery, the authorization code with PKCE, nonce and state,
 * the role read again with the refresh token (or userinfo when the provider gave none), and the
 * provider's end-session address for RP-initiated logout. The provider's metadata is fetched at
 * the first sign-in and kept; a failed fetch is tried again at the next.
 */
export class ProviderClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: ProviderSignIn) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
        // Plain http only to a provider on this machine (the sandbox's); production refuses any other (config).
        ...(this.settings.issuer.startsWith('http:') && isLoopback(this.settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        this.configuration = null;
        throw err;
      });
    return this.configuration;
  }

  /** The provider's address to send the staff member to, and what must come back with them. */
  async start(redirectUri: string): Promise<{ url: string; pending: PendingSignIn }> {
    const config = await this.config();
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), redirectUri };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** The provider's answer at the console's return address, checked (state, PKCE, nonce, ID token) and exchanged. */
  async finish(currentUrl: URL, pending: PendingSignIn): Promise<ProviderSignInResult> {
    const config = await this.config();
    const answer = await oidc.authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: pending.verifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true });
    const claims = answer.claims()! as Claims;
    const tokens: ProviderTokens = { subject: String(claims.sub), idToken: answer.id_token!, accessToken: answer.access_token, refreshToken: answer.refresh_token ?? null };
    const groups = await this.groupsOf(config, claims, tokens);
    return { login: loginOf(claims), role: roleOf(groups, this.settings.roleGroups), secondFactor: secondFactorOf(claims, this.settings.mfaAcr), tokens };
  }

  /**
   * The staff member's role as the provider tells it now: a refresh token grant (its new ID token),
   * or userinfo with the access token when there is no refresh token. Null when the provider no
   * longer knows them, refuses the token, or puts them in no console group.
   */
  async currentRole(tokens: ProviderTokens): Promise<{ role: StaffRole | null; tokens: ProviderTokens }> {
    const config = await this.config();
    let now = tokens;
    let claims: Claims = {};
    try {
      if (tokens.refreshToken) {
        const answer = await oidc.refreshTokenGrant(config, tokens.refreshToken);
        claims = (answer.claims() as Claims | undefined) ?? {};
        if (claims.sub !== undefined && claims.sub !== tokens.subject) return { role: null, tokens };
        now = { ...tokens, accessToken: answer.access_token, refreshToken: answer.refresh_token ?? tokens.refreshToken, idToken: answer.id_token ?? tokens.idToken };
      }
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError) return { role: null, tokens };
      throw err;
    }
    try {
      return { role: roleOf(await this.groupsOf(config, claims, now), this.settings.roleGroups), tokens: now };
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError || err instanceof oidc.WWWAuthenticateChallengeError) return { role: null, tokens: now };
      throw err;
    }
  }

  /** The groups claim from the ID token's claims, else from userinfo. */
  private async groupsOf(config: oidc.Configuration, claims: Claims, tokens: ProviderTokens): Promise<unknown> {
    const claim = this.settings.groupsClaim;
    if (claim in claims) return claims[claim];
    const info = await oidc.fetchUserInfo(config, tokens.accessToken, tokens.subject);
    return (info as Claims)[claim];
  }

  /** The provider's end-session address (RP-initiated logout), or null when it has none. */
  async endSessionUrl(tokens: ProviderTokens, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { id_token_hint: tokens.idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
  }
}

/** The name the console shows and audits a staff member by: the provider's user name, else e-mail, else subject. */
function loginOf(claims: Claims): string {
  for (const key of ['preferred_username', 'email', 'sub']) if (typeof claims[key] === 'string' && claims[key]) return (claims[key] as string).slice(0, 100);
  return 'desconhecido';
}
