import type { DecisionTable } from '../../../screens/contract/flows.js';
import { decide } from './flows/decide.js';
import type { ScreenRoute } from './route-table.js';

/** What the guard knows about the visitor. */
export interface GuardState {
  authenticated: boolean;
  quotaSelected: boolean;
  /** Logged in through a transparent-login token. */
  transparent?: boolean;
  /** A mandatory registration update is pending (doc 2 §4.2). */
  mandatoryUpdate?: boolean;
  /** The visitor is on a phone (native wrapper or mobile browser). */
  mobile?: boolean;
  /** The customer's password expired and must be changed first. */
  passwordExpired?: boolean;
  /** Logged in, but the one-time code is still owed. */
  mfaPending?: boolean;
  /** The client's app version is older than a mandatory one (versoes). */
  appUpdateRequired?: boolean;
}

/** `refused`: the redirect turns away a session from a route it may not open (a security event), not a step of the journey. */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; refused?: string };

export const MANDATORY_UPDATE_PATH = '/atualizacao-obrigatoria';
export const PASSWORD_CHANGE_PATH = '/alterarsenha/atual';
export const VERIFICATION_PATH = '/entrar/verificacao/enviar';

/**
 * The navigation guard: the decision table `screens/flows/guard.json` (doc 1 §2, doc 2 §2.12)
 * says what happens; this turns its outcome into the redirect, keeping the wanted route where
 * the spec remembers it (never home).
 */
export function guard(table: DecisionTable, route: ScreenRoute, wanted: string, state: GuardState): GuardDecision {
  const wantedIsHome = wanted.split('?')[0] === '/home';
  const { outcome } = decide(table, {
    appUpdateRequired: state.appUpdateRequired === true,
    appUpdateExempt: route.appUpdateExempt,
    access: route.access,
    authenticated: state.authenticated,
    wantedIsHome,
    mfaPending: state.mfaPending === true,
    passwordExpired: state.passwordExpired === true,
    exemptFromPasswordChange: route.passwordChangeExempt,
    mobileOnly: route.mobileOnly !== undefined,
    mobile: state.mobile === true,
    transparent: state.transparent === true,
    routeTransparent: route.transparentLogin,
    mandatoryUpdate: state.mandatoryUpdate === true,
    exemptFromMandatoryUpdate: route.mandatoryUpdateExempt,
    needsQuota: route.needsQuota,
    quotaSelected: state.quotaSelected,
  });
  const remember = (base: string) => (wantedIsHome ? base : `${base}?voltar=${encodeURIComponent(wanted)}`);
  switch (outcome) {
    case 'app-update':
      return { kind: 'redirect', to: MANDATORY_UPDATE_PATH };
    case 'allow':
      return { kind: 'allow' };
    case 'login':
      return { kind: 'redirect', to: '/login' };
    case 'login-remember':
      return { kind: 'redirect', to: remember('/login') };
    case 'verification':
      return { kind: 'redirect', to: VERIFICATION_PATH };
    case 'password-change':
      return { kind: 'redirect', to: PASSWORD_CHANGE_PATH };
    case 'mobile-fallback':
      return { kind: 'redirect', to: route.mobileOnly?.fallback ?? '/indisponivel' };
    case 'home':
      return { kind: 'redirect', to: '/home', refused: 'transparent-login' };
    case 'mandatory-update':
      return { kind: 'redirect', to: MANDATORY_UPDATE_PATH };
    case 'quota-selection':
      return { kind: 'redirect', to: remember('/groups-and-quotas') };
    default:
      throw new Error(`guard table answered an unknown outcome: ${JSON.stringify(outcome)}`);
  }
}
